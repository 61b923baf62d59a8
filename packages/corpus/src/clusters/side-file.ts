import type { CorpusPlace } from '../caches/corpus-caches.js';
import { parseCorpusObject, UnreadableCorpusFile } from '../readers/lenient-parse.js';
import type { UnknownRecord } from '../readers/lenient-values.js';
import { realFileInsideRoot } from '../roots/corpus-roots.js';
import { createDerivedValues, type DerivedValues } from '../snapshot/snapshot-memo.js';

/**
 * A corpus-level JSON file outside the snapshot (search/topic_clusters.json,
 * enrichments/*.json): missing, present but unusable, or parsed.
 */
export type SideFile =
  | { state: 'missing' }
  | { state: 'unreadable'; reason: string }
  | { state: 'ok'; record: UnknownRecord; version: string; derived: DerivedValues };

/** A parsed side file; `derived` holds indexes built from it, dropped with the cache entry. */
export type ParsedSideFile =
  | { ok: true; record: UnknownRecord; derived: DerivedValues }
  | { ok: false; reason: string };

// One parse per file version: routes stat the file on every request (a
// rebuild may replace it at any time) but re-read it only when it changed.
export function parseSideFile(text: string): ParsedSideFile {
  try {
    return {
      ok: true,
      record: parseCorpusObject(text, 'side file'),
      derived: createDerivedValues(),
    };
  } catch (err) {
    if (err instanceof UnreadableCorpusFile) {
      return { ok: false, reason: err.message };
    }
    throw err;
  }
}

/**
 * Reads `relpath` (a fixed, trusted path) under `root`. A symlink that leads
 * out of the root counts as missing: side files are never read from elsewhere.
 */
export async function readSideFile(place: CorpusPlace, relpath: string): Promise<SideFile> {
  const real = await realFileInsideRoot(place.root, relpath);
  const file = real === undefined ? undefined : await place.caches.sideFiles.read(real);
  if (file === undefined) {
    return { state: 'missing' };
  }
  if (!file.value.ok) {
    return { state: 'unreadable', reason: file.value.reason };
  }
  return {
    state: 'ok',
    record: file.value.record,
    version: `${file.mtimeMs}:${file.size}`,
    derived: file.value.derived,
  };
}

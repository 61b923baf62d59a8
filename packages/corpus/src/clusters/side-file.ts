import type { CorpusPlace } from '../caches/corpus-caches.js';
import type { DerivedValues } from '../caches/derived-values.js';
import type { UnknownRecord } from '../readers/lenient-values.js';
import { realFileInsideRoot } from '../roots/corpus-roots.js';

/**
 * A corpus-level JSON file outside the snapshot (search/topic_clusters.json,
 * enrichments/*.json): missing, present but unusable, or parsed.
 */
export type SideFile =
  | { state: 'missing' }
  | { state: 'unreadable'; reason: string }
  | { state: 'ok'; record: UnknownRecord; version: string; derived: DerivedValues };

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

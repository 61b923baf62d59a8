import path from 'node:path';
import { DomainError, InvalidRelativePath, NotFound } from '@podcast/contracts';
import { parseJsonText } from '../caches/file-cache.js';
import { NotRegularFile, readRegularFile } from '../files/open-file.js';
import { resolveServedFile } from '../files/served-paths.js';
import type { ArtifactKind } from '../readers/metadata.js';
import { assertRelativePath } from '../roots/corpus-roots.js';
import { isMissingFileError } from '../roots/missing-file.js';
import type { CachedArtifact } from './corpus-state.js';

/** One row of the artifact listing (spec 01, "Artifact list item"). */
export interface ArtifactEntry {
  relative_path: string;
  kind: ArtifactKind;
  mtime_utc: string;
  /** From the episode metadata when present, else the file's UTC modification day. */
  publish_date: string;
  size_bytes: number;
}

/**
 * The listing over tracked artifacts minus those hidden by run dedup, in
 * `order` (every tracked relpath, sorted). `dates` maps an episode's
 * sibling artifacts to its publish date; orphans (no readable metadata
 * beside them) are listed with their mtime day. An entry whose file and
 * date are unchanged is the one built for an earlier snapshot (kept on
 * the file without a wrapper: 72 bytes less per artifact). Built in steps,
 * a pause every `itemsPerStep` artifacts (`time-slicer.ts`).
 */
export function* buildArtifactEntries(
  artifacts: ReadonlyMap<string, CachedArtifact>,
  order: readonly string[],
  hidden: ReadonlySet<string>,
  dates: ReadonlyMap<string, string | null>,
  itemsPerStep: number,
): Generator<void, ArtifactEntry[]> {
  const entries: ArtifactEntry[] = [];
  for (const [i, relpath] of order.entries()) {
    if (i % itemsPerStep === itemsPerStep - 1) {
      yield;
    }
    const file = artifacts.get(relpath);
    if (file === undefined || hidden.has(relpath)) {
      continue;
    }
    const date = dates.get(relpath) ?? null;
    const kept = file.entry;
    // Dropped when the file's (mtime, size) moved (`setFileVersion`), so only the date can differ.
    if (kept !== undefined && kept.publish_date === (date ?? kept.mtime_utc.slice(0, 10))) {
      entries.push(kept);
      continue;
    }
    const mtime = new Date(file.mtimeMs).toISOString();
    const value: ArtifactEntry = {
      relative_path: relpath,
      kind: file.kind,
      mtime_utc: mtime,
      publish_date: date ?? mtime.slice(0, 10),
      size_bytes: file.size,
    };
    file.entry = value;
    entries.push(value);
  }
  return entries;
}

const ARTIFACT_NAME = /\.(?:gi|kg|bridge)\.json$/;

/**
 * Reads one GI/KG/bridge file by its `path` parameter for display. Confined
 * to the root; other file types are refused; corrupt JSON is 422.
 */
export async function readArtifactJson(root: string, relpath: string): Promise<unknown> {
  assertRelativePath(relpath, 'path');
  if (!ARTIFACT_NAME.test(path.posix.basename(relpath))) {
    throw new InvalidRelativePath('path', 'must name a .gi.json, .kg.json or .bridge.json file');
  }
  // Hidden folders (`.trash/` holds rolled-back episodes) are refused like on the file routes.
  const file = await resolveServedFile(root, relpath, 'path');
  let text: string;
  try {
    text = await readRegularFile(file);
  } catch (err) {
    if (err instanceof NotRegularFile || isMissingFileError(err)) {
      throw new NotFound(`path: no such file in the corpus: ${relpath}`);
    }
    throw err;
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    throw new DomainError(
      'unprocessable',
      `path: ${relpath} is not valid JSON (${parsed.reason})`,
      {
        field: 'path',
      },
    );
  }
  return parsed.value;
}

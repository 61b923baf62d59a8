import path from 'node:path';
import { DomainError, InvalidRelativePath, NotFound } from '@podcast/contracts';
import { parseJsonText } from '../caches/file-cache.js';
import { NotRegularFile, readRegularFile } from '../files/open-file.js';
import { resolveServedFile } from '../files/served-paths.js';
import type { ArtifactKind } from '../readers/metadata.js';
import { assertRelativePath } from '../roots/corpus-roots.js';
import { isMissingFileError } from '../roots/missing-file.js';
import type { CachedArtifact } from '../snapshot/corpus-state.js';
import type { EpisodeRecord } from './episode-record.js';

/** One row of the artifact listing (spec 01, "Artifact list item"). */
export interface ArtifactEntry {
  relative_path: string;
  kind: ArtifactKind;
  mtime_utc: string;
  /** From the episode metadata when present, else the file's UTC modification day. */
  publish_date: string;
  size_bytes: number;
}

function stemKey(relpath: string): string {
  return relpath.replace(/\.(?:gi|kg|bridge|metadata)\.(?:json|ya?ml)$/, '');
}

/**
 * The listing over tracked artifacts minus those hidden by run dedup.
 * Orphans (no readable metadata beside them) are listed with their mtime day.
 */
export function buildArtifactEntries(
  artifacts: ReadonlyMap<string, CachedArtifact>,
  hidden: ReadonlySet<string>,
  episodes: readonly EpisodeRecord[],
): ArtifactEntry[] {
  const dates = new Map<string, string | null>();
  for (const episode of episodes) {
    dates.set(stemKey(episode.metadata_relpath), episode.publish_date);
  }
  const entries: ArtifactEntry[] = [];
  for (const [relpath, file] of artifacts) {
    if (hidden.has(relpath)) {
      continue;
    }
    const mtime = new Date(file.mtimeMs).toISOString();
    entries.push({
      relative_path: relpath,
      kind: file.kind,
      mtime_utc: mtime,
      publish_date: dates.get(stemKey(relpath)) ?? mtime.slice(0, 10),
      size_bytes: file.size,
    });
  }
  return entries.sort((a, b) =>
    a.relative_path < b.relative_path ? -1 : a.relative_path > b.relative_path ? 1 : 0,
  );
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

import { statSync } from 'node:fs';
import path from 'node:path';
import { artifactKindOf, isMetadataFileName, walkCorpus } from '@podcast/corpus';
import type { FilesTable } from './schema.js';

export type TrackedKind = FilesTable['kind'];

/** A file on disk now: its kind and (size, mtime). */
export interface DiskFile {
  kind: TrackedKind;
  size: number;
  mtime_ms: number;
}

/** Files modified less than this before they are read may change again unseen (as discovery's listings). */
export const RACY_WINDOW_MS = 2000;

/** Whether a file of this mtime, read at `nowMs`, is to be read again by the next ingest. */
export function isRacy(mtimeMs: number, nowMs: number): boolean {
  return nowMs - mtimeMs < RACY_WINDOW_MS;
}

function kindOf(name: string): TrackedKind | undefined {
  return isMetadataFileName(name) ? 'metadata' : artifactKindOf(name);
}

function statOf(file: string): { size: number; mtimeMs: number } | undefined {
  try {
    const info = statSync(file, { throwIfNoEntry: false });
    return info?.isFile() ? info : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every metadata, GI, KG and bridge file discovery finds under `root` (the
 * walk of packages/corpus: dot-directories skipped, metadata only in
 * `metadata/` folders), each with its (size, mtime).
 */
export async function listDiskFiles(root: string): Promise<Map<string, DiskFile>> {
  const { dirs } = await walkCorpus(root, { nowMs: Date.now() });
  const files = new Map<string, DiskFile>();
  for (const [dir, listing] of dirs) {
    for (const name of listing.files) {
      const kind = kindOf(name);
      const relpath = dir === '' ? name : `${dir}/${name}`;
      const info = kind && statOf(path.join(root, relpath));
      if (kind !== undefined && info !== undefined) {
        files.set(relpath, { kind, size: info.size, mtime_ms: info.mtimeMs });
      }
    }
  }
  return files;
}

/** Whether a local art relpath is a regular file under `root` (as the loader checks it). */
export function isArtFile(root: string, relpath: string): boolean {
  return statOf(path.join(root, relpath)) !== undefined;
}

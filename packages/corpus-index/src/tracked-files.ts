import { statSync } from 'node:fs';
import path from 'node:path';
import {
  artifactKindOf,
  type DirIndex,
  type DirListing,
  isMetadataFileName,
  isSentimentSidecarName,
  walkCorpus,
} from '@podcast/corpus';
import type { FilesTable } from './schema.js';

export type TrackedKind = FilesTable['kind'];

/** A file on disk now: its kind and (size, mtime). */
export interface DiskFile {
  kind: TrackedKind;
  size: number;
  mtime_ms: number;
}

/** Files stat'ed between two turns of the event loop in a walk (about 10 ms of them here). */
const STATS_PER_TURN = 1000;

/** Files modified less than this before they are read may change again unseen (as discovery's listings). */
export const RACY_WINDOW_MS = 2000;

/** Whether a file of this mtime, read at `nowMs`, is to be read again by the next ingest. */
export function isRacy(mtimeMs: number, nowMs: number): boolean {
  return nowMs - mtimeMs < RACY_WINDOW_MS;
}

function kindOf(name: string): TrackedKind | undefined {
  if (isMetadataFileName(name)) {
    return 'metadata';
  }
  // The walk lists sidecar names only in a `metadata/` folder's `enrichments/`.
  return isSentimentSidecarName(name) ? 'sentiment' : artifactKindOf(name);
}

function statOf(file: string): { size: number; mtimeMs: number } | undefined {
  try {
    const info = statSync(file, { throwIfNoEntry: false });
    return info?.isFile() ? info : undefined;
  } catch {
    return undefined;
  }
}

/** The tracked files a directory's listing names, each with its kind. */
export function trackedIn(dir: string, listing: DirListing): Array<[string, TrackedKind]> {
  const tracked: Array<[string, TrackedKind]> = [];
  for (const name of listing.files) {
    const kind = kindOf(name);
    if (kind !== undefined) {
      tracked.push([dir === '' ? name : `${dir}/${name}`, kind]);
    }
  }
  return tracked;
}

/** One tracked file's kind and (size, mtime) now, or undefined when it is gone. */
export function diskFileOf(root: string, relpath: string, kind: TrackedKind): DiskFile | undefined {
  const info = statOf(path.join(root, relpath));
  return info && { kind, size: info.size, mtime_ms: info.mtimeMs };
}

/**
 * Every metadata, GI, KG and bridge file discovery finds under `root` (the
 * walk of packages/corpus: dot-directories skipped, metadata only in
 * `metadata/` folders), and the insight sentiment sidecars beside the
 * metadata, each with its (size, mtime), and the walk's listings.
 * `onTurn` runs at each turn the stats give the event loop, and may throw
 * to stop the walk.
 */
export async function listDiskFiles(
  root: string,
  onTurn: () => void = () => undefined,
): Promise<{ files: Map<string, DiskFile>; dirs: DirIndex }> {
  const { dirs } = await walkCorpus(root, { nowMs: Date.now(), sidecars: true });
  const files = new Map<string, DiskFile>();
  let sinceTurn = 0;
  for (const [dir, listing] of dirs) {
    for (const [relpath, kind] of trackedIn(dir, listing)) {
      const file = diskFileOf(root, relpath, kind);
      if (file !== undefined) {
        files.set(relpath, file);
      }
      // The stats are synchronous: the event loop gets a turn every so many, as a whole
      // corpus's took seconds in one go and held requests and the lock's heartbeat back.
      if (++sinceTurn === STATS_PER_TURN) {
        sinceTurn = 0;
        await new Promise((resolve) => setImmediate(resolve));
        onTurn();
      }
    }
  }
  return { files, dirs };
}

/** Whether a local art relpath is a regular file under `root` (as the loader checks it). */
export function isArtFile(root: string, relpath: string): boolean {
  return statOf(path.join(root, relpath)) !== undefined;
}

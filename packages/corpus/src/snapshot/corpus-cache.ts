import { stat } from 'node:fs/promises';
import path from 'node:path';
import { mapLimit } from '@podcast/runtime';
import type { Logger } from 'pino';
import type { ArtifactKind } from '../readers/metadata.js';
import type { CachedFile, CorpusState, TrackedKind } from './corpus-state.js';
import type { TimeSlicer } from './time-slicer.js';

export interface SyncDeps {
  logger: Logger;
  nowMs: number;
  /** Stats in flight at once. */
  concurrency: number;
  /** Paces the synchronous file reads (see readTextWithStat). */
  slicer: TimeSlicer;
}

/** IO done by one load or refresh; tests assert incrementality with these. */
export interface SyncCounters {
  filesRead: number;
  filesStatted: number;
  filesSkipped: number;
  dirsListed: number;
  /** Directories statted by the walk; 0 when a watcher named every change. */
  dirsStatted: number;
}

/** mtimes this recent may hide a same-tick rewrite, so such files are re-statted next time. */
const RACY_WINDOW_MS = 2000;

export type AnyCached = CachedFile<unknown> & { kind?: ArtifactKind };

export function cacheFor(state: CorpusState, kind: TrackedKind): Map<string, AnyCached> {
  return (kind === 'metadata' ? state.metadata : state.artifacts) as Map<string, AnyCached>;
}

/** Records whether a file's mtime is old enough to trust; recent ones are re-statted next sync. */
export function noteStability(
  state: CorpusState,
  relpath: string,
  entry: AnyCached,
  deps: SyncDeps,
): void {
  entry.stable = deps.nowMs - entry.mtimeMs > RACY_WINDOW_MS;
  if (entry.stable) {
    state.unstable.delete(relpath);
  } else {
    state.unstable.add(relpath);
  }
}

export function forget(state: CorpusState, cache: Map<string, unknown>, relpath: string): void {
  cache.delete(relpath);
  state.unstable.delete(relpath);
  state.generation++;
}

/** Stats known files that may have changed; a moved (mtime, size) marks the value for re-reading. */
export async function statKnown(
  state: CorpusState,
  files: Array<[string, TrackedKind]>,
  deps: SyncDeps,
): Promise<void> {
  await mapLimit(files, deps.concurrency, async ([relpath, kind]) => {
    const cache = cacheFor(state, kind);
    let info: { mtimeMs: number; size: number };
    try {
      info = await stat(path.join(state.root, relpath));
    } catch {
      forget(state, cache, relpath); // removed between listing and stat
      return;
    }
    const known = cache.get(relpath);
    if (known === undefined) {
      return;
    }
    if (known.mtimeMs !== info.mtimeMs || known.size !== info.size) {
      Object.assign(known, { mtimeMs: info.mtimeMs, size: info.size, value: undefined });
      state.generation++;
    }
    noteStability(state, relpath, known, deps);
  });
}

import type { Logger } from 'pino';
import type { ArtifactKind } from '../readers/metadata.js';
import {
  type CachedFile,
  type CorpusState,
  type KeptValue,
  setFileVersion,
  type TrackedKind,
  type TrackedList,
  touchOwnerOf,
} from './corpus-state.js';
import { type Ahead, type AheadResults, startAhead } from './parse-ahead.js';
import { type FileStat, statTrackedFile } from './parse-file.js';
import type { AheadTask } from './parse-worker.js';
import type { TimeSlicer } from './time-slicer.js';

export interface SyncDeps {
  logger: Logger;
  nowMs: number;
  /** Stats in flight at once. */
  concurrency: number;
  /** Paces the synchronous file reads (see readTextWithStat). */
  slicer: TimeSlicer;
  /** From this many files to read or stat at once, a worker thread takes part of them (`parse-ahead.ts`). */
  parseAheadMin: number;
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
  if (cache.delete(relpath)) {
    state.keysVersion++;
    if (cache === (state.artifacts as Map<string, unknown>)) {
      state.artifactsVersion++;
      touchOwnerOf(state, relpath); // its episode lost a sibling
    }
  }
  state.unstable.delete(relpath);
  state.metadataToRead.delete(relpath);
  state.lastGood.delete(relpath);
  state.generation++;
}

/**
 * A worker reading (or statting) `files` ahead of the loader when there
 * are enough of them to pay for it (a first load, a restart, a rescan, a
 * big change); else undefined.
 */
export function aheadFor<K extends AheadTask>(
  task: K,
  state: CorpusState,
  files: ReadonlyArray<readonly [string, TrackedKind]>,
  deps: SyncDeps,
): Ahead<AheadResults[K]> | undefined {
  return files.length >= deps.parseAheadMin
    ? startAhead(task, state.root, files, deps.logger)
    : undefined;
}

/**
 * Stats known files that may have changed; a moved (mtime, size) marks the
 * value for re-reading. Synchronous and time-sliced like the reads: a sync
 * stat costs a fraction of an async one, even with many in flight
 * (docs/decisions/corpus.md). A
 * restart whose version check ran uses `applyVersionCheck` instead.
 */
export async function statKnown(
  state: CorpusState,
  files: Array<[string, TrackedKind]>,
  deps: SyncDeps,
): Promise<void> {
  const ahead = aheadFor('stat', state, files, deps);
  try {
    for (const [relpath, kind] of files) {
      const early = ahead === undefined ? null : await ahead.take(relpath);
      await deps.slicer.yieldIfDue();
      applyStat(
        state,
        relpath,
        kind,
        early === null ? statTrackedFile(state.root, relpath) : early,
        deps,
      );
    }
  } finally {
    await ahead?.close();
  }
}

/**
 * Files `applyVersionCheck` takes between two looks at the clock: each costs
 * under a microsecond, and an await per file made 400,000 promises at
 * 100,000 episodes.
 */
const FILES_PER_SLICE_CHECK = 64;

/**
 * A restart's first sync over the tracked files in one pass, when the
 * version check statted every stored file: each file the state holds takes
 * what the check found (`moved`), or stays as stored; the files it does not
 * hold come back to be registered. `met` counts the held files found, so the
 * caller need not look for vanished ones when it equals what was held.
 * (Separate passes to list the files to stat, stat them and register the new
 * ones looked each of 400,000 relpaths up four times.)
 */
export async function applyVersionCheck(
  state: CorpusState,
  listed: TrackedList,
  moved: ReadonlyMap<string, FileStat | undefined>,
  deps: SyncDeps,
): Promise<{ met: number; fresh: Array<[string, TrackedKind]> }> {
  let met = 0;
  const fresh: Array<[string, TrackedKind]> = [];
  const { relpaths, kinds } = listed;
  for (let i = 0; i < relpaths.length; i++) {
    const relpath = relpaths[i] as string;
    const kind = kinds[i] as TrackedKind;
    const cache = cacheFor(state, kind);
    const known = cache.get(relpath);
    if (known === undefined) {
      fresh.push([relpath, kind]);
      continue;
    }
    met++;
    if (met % FILES_PER_SLICE_CHECK === 0) {
      await deps.slicer.yieldIfDue();
    }
    updateVersion(
      state,
      cache,
      relpath,
      kind,
      known,
      moved.has(relpath) ? moved.get(relpath) : known,
      deps,
    );
  }
  return { met, fresh };
}

function applyStat(
  state: CorpusState,
  relpath: string,
  kind: TrackedKind,
  info: FileStat | undefined,
  deps: SyncDeps,
): void {
  const cache = cacheFor(state, kind);
  updateVersion(state, cache, relpath, kind, cache.get(relpath), info, deps);
}

/** `known`'s entry after a stat that found `info` (undefined: the file is gone). */
function updateVersion(
  state: CorpusState,
  cache: Map<string, AnyCached>,
  relpath: string,
  kind: TrackedKind,
  known: AnyCached | undefined,
  info: FileStat | undefined,
  deps: SyncDeps,
): void {
  if (info === undefined) {
    forget(state, cache, relpath); // removed between listing and stat
    return;
  }
  if (known === undefined) {
    return;
  }
  if (known.mtimeMs !== info.mtimeMs || known.size !== info.size) {
    setFileVersion(known, info.mtimeMs, info.size);
    if (known.value != null) {
      state.lastGood.set(relpath, known.value as KeptValue);
    }
    known.value = undefined;
    state.generation++;
    if (kind === 'metadata') {
      state.metadataToRead.add(relpath);
    } else {
      state.artifactsVersion++;
    }
  }
  noteStability(state, relpath, known, deps);
}

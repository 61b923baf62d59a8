import path from 'node:path';
import { type DirIndex, type WalkResult, walkCorpus } from '../discovery/discovery.js';
import {
  type AnyCached,
  applyVersionCheck,
  cacheFor,
  forget,
  type SyncCounters,
  type SyncDeps,
  statKnown,
} from './corpus-cache.js';
import { checkArt, loadMetadata, loadWinnerArtifacts } from './corpus-reads.js';
import {
  type CorpusState,
  dedupWinners,
  heldKindOf,
  listTrackedFiles,
  newCachedArtifact,
  newCachedMetadata,
  type TrackedKind,
  type TrackedList,
  touchOwnerOf,
  trackedIn,
  trackedPairs,
} from './corpus-state.js';
import type { StringPool } from './string-pool.js';
import type { VersionCheck } from './version-check.js';

/** What triggered a sync and what it may skip. */
export interface SyncRequest {
  /** Stat every tracked file and art path, not only those in changed directories. */
  full: boolean;
  /** Files named by watch events (relpaths). */
  dirtyFiles: ReadonlySet<string>;
  /** Directories named by watch events (relpaths), re-listed regardless of mtime. */
  dirtyDirs: ReadonlySet<string>;
  /** A working watcher reported every change: visit only `dirtyDirs`, reuse all other listings. */
  trusted: boolean;
  /** After a restart: the stored files' versions, checked against the disk while the projection was read. */
  versionCheck?: VersionCheck;
  /**
   * After a restart: the walk of the corpus begun once the stored listings
   * were read (every directory statted against them), which this sync
   * takes instead of walking after the read.
   */
  walk?: Promise<WalkResult>;
  /**
   * A first sync's hook between its two reads: every metadata file is read
   * and the winners are chosen, and `layersToRead` GI/KG/bridge files are
   * next. Awaited before they are read.
   */
  beforeLayers?: (
    winners: Set<string>,
    counters: SyncCounters,
    layersToRead: number,
  ) => Promise<void>;
}

const NO_IO = { filesRead: 0, filesStatted: 0, filesSkipped: 0, dirsListed: 0 };

/**
 * Forgets the held files `listed` does not name. A first load holds none,
 * so the set of every listed relpath (400,000 at 100,000 episodes) is only
 * made when a restart holds stored files.
 */
function forgetVanished(state: CorpusState, listed: TrackedList): void {
  if (state.metadata.size === 0 && state.artifacts.size === 0) {
    return;
  }
  const names = new Set(listed.relpaths);
  for (const cache of [state.metadata, state.artifacts] as Map<string, unknown>[]) {
    for (const relpath of cache.keys()) {
      if (!names.has(relpath)) {
        forget(state, cache, relpath);
      }
    }
  }
}

/** New files get a placeholder; their stat comes with their first read (or a stat if never read). */
function registerNew(state: CorpusState, tracked: Iterable<[string, TrackedKind]>): void {
  for (const [relpath, kind] of tracked) {
    const cache = cacheFor(state, kind);
    if (!cache.has(relpath)) {
      cache.set(
        relpath,
        kind === 'metadata'
          ? newCachedMetadata(Number.NaN, -1, undefined)
          : newCachedArtifact(kind, Number.NaN, -1, undefined),
      );
      state.generation++;
      state.keysVersion++;
      if (kind === 'metadata') {
        state.metadataToRead.add(relpath);
      } else {
        state.artifactsVersion++;
        touchOwnerOf(state, relpath); // its episode gained a sibling
      }
    }
  }
}

/** The directory-index key of a tracked file's directory: '' for the corpus root (not `dirname`'s '.'). */
function dirKeyOf(relpath: string): string {
  const dir = path.posix.dirname(relpath);
  return dir === '.' ? '' : dir;
}

function needsStat(
  known: AnyCached,
  relpath: string,
  request: SyncRequest,
  relisted: ReadonlySet<string>,
): boolean {
  return (
    request.full ||
    !known.stable ||
    request.dirtyFiles.has(relpath) ||
    // A watcher names each changed file, so a re-listed directory's other files need no stat.
    (!request.trusted && relisted.has(dirKeyOf(relpath)))
  );
}

function filesToStat(
  state: CorpusState,
  tracked: Iterable<[string, TrackedKind]>,
  request: SyncRequest,
  relisted: ReadonlySet<string>,
) {
  const files: Array<[string, TrackedKind]> = [];
  for (const [relpath, kind] of tracked) {
    const known = cacheFor(state, kind).get(relpath);
    if (known !== undefined && needsStat(known, relpath, request, relisted)) {
      files.push([relpath, kind]);
    }
  }
  return files;
}

/**
 * `filesToStat` over every file the state holds, which after a sync are the
 * tracked files: read off the caches, with no lookup per file.
 */
function heldFilesToStat(state: CorpusState, request: SyncRequest, relisted: ReadonlySet<string>) {
  const files: Array<[string, TrackedKind]> = [];
  for (const [relpath, known] of state.metadata) {
    if (needsStat(known, relpath, request, relisted)) {
      files.push([relpath, 'metadata']);
    }
  }
  for (const [relpath, known] of state.artifacts) {
    if (needsStat(known, relpath, request, relisted)) {
      files.push([relpath, known.kind]);
    }
  }
  return files;
}

/**
 * The tracked files that went and came with the directories this walk
 * re-listed or lost: a sync after a few changes costs what changed, not a
 * pass over every tracked file.
 */
function listingChanges(
  before: DirIndex,
  after: DirIndex,
  relisted: ReadonlySet<string>,
  pool: StringPool,
  dropped?: ReadonlySet<string>,
): { dirs: Set<string>; gone: string[]; came: Array<[string, TrackedKind]> } {
  const dirs = new Set(relisted);
  // A walk of the watched changes names what it dropped: no scan of every directory.
  for (const dir of dropped ?? before.keys()) {
    if (!after.has(dir)) {
      dirs.add(dir);
    }
  }
  const gone: string[] = [];
  const came: Array<[string, TrackedKind]> = [];
  for (const dir of dirs) {
    const next = trackedIn(dir, after.get(dir), pool);
    const nextNames = new Set(next.map(([relpath]) => relpath));
    for (const [relpath] of trackedIn(dir, before.get(dir))) {
      if (!nextNames.has(relpath)) {
        gone.push(relpath);
      }
    }
    came.push(...next);
  }
  return { dirs, gone, came };
}

/**
 * A restart's list of the stored listings' files, brought up to date with
 * the directories the first walk re-listed or lost (usually none: the list
 * is returned as it is).
 */
function updatedStoredList(
  stored: TrackedList,
  before: DirIndex,
  after: DirIndex,
  relisted: ReadonlySet<string>,
  pool: StringPool,
): TrackedList {
  const { dirs, came } = listingChanges(before, after, relisted, pool);
  if (dirs.size === 0) {
    return stored;
  }
  const updated: TrackedList = { relpaths: [], kinds: [] };
  for (const [relpath, kind] of trackedPairs(stored)) {
    if (!dirs.has(dirKeyOf(relpath))) {
      updated.relpaths.push(relpath);
      updated.kinds.push(kind);
    }
  }
  for (const [relpath, kind] of came) {
    updated.relpaths.push(relpath);
    updated.kinds.push(kind);
  }
  return updated;
}

/** The files a sync with known listings may need to stat: named, recent, or in a re-listed directory. */
function candidatesToStat(
  state: CorpusState,
  request: SyncRequest,
  relisted: ReadonlySet<string>,
  after: DirIndex,
) {
  const names = new Set([...request.dirtyFiles, ...state.unstable]);
  if (!request.trusted) {
    for (const dir of relisted) {
      for (const [relpath] of trackedIn(dir, after.get(dir))) {
        names.add(relpath);
      }
    }
  }
  const files: Array<[string, TrackedKind]> = [];
  for (const relpath of names) {
    const kind = heldKindOf(state, relpath);
    const known = kind === undefined ? undefined : cacheFor(state, kind).get(relpath);
    if (known !== undefined && needsStat(known, relpath, request, relisted)) {
      files.push([relpath, kind as TrackedKind]);
    }
  }
  return files;
}

/** Dedup winners, recomputed only when the caches changed since the last computation. */
function currentWinners(state: CorpusState): Set<string> {
  const known = state.winners;
  if (known !== undefined && (known.generation === state.generation || choiceStands(state))) {
    known.generation = state.generation;
    return known.relpaths;
  }
  const { winners, contested } = dedupWinners(state);
  // The same members keep the same set, so what was derived from it still holds.
  const relpaths =
    known !== undefined && sameMembers(known.relpaths, winners) ? known.relpaths : winners;
  state.winners = {
    generation: state.generation,
    relpaths,
    contested,
    keysVersion: state.keysVersion,
    dedupKeysVersion: state.dedupKeysVersion,
  };
  return relpaths;
}

/**
 * Whether the last dedup choice still holds: no metadata file came, went or
 * changed its key, and none of those re-read since belongs to a contested
 * group (elsewhere an mtime cannot change the choice).
 */
function choiceStands(state: CorpusState): boolean {
  const known = state.winners;
  if (
    known === undefined ||
    known.keysVersion !== state.keysVersion ||
    known.dedupKeysVersion !== state.dedupKeysVersion
  ) {
    return false;
  }
  for (const relpath of state.touched) {
    if (known.contested.has(relpath)) {
      return false;
    }
  }
  return true;
}

function sameMembers(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) {
    return false;
  }
  for (const member of b) {
    if (!a.has(member)) {
      return false;
    }
  }
  return true;
}

/**
 * Finishes what the last snapshot derives from `state` in steps, before the
 * sync changes the state under it. One that cannot be finished fails its
 * readers, not the sync.
 */
function finishDerivedSteps(state: CorpusState, deps: SyncDeps): void {
  const finish = state.beforeChange;
  state.beforeChange = undefined;
  try {
    finish?.();
  } catch (err) {
    deps.logger.error(
      { root: state.root, err: (err as Error).message },
      'corpus artifact listing failed; the next snapshot builds its own',
    );
  }
}

/**
 * The directories a walk of the watched changes added to the listings and
 * dropped from them (`WalkResult.gone`); undefined after a walk of every
 * directory, when any may have moved.
 */
export interface DirsMoved {
  came: readonly string[];
  gone: ReadonlySet<string>;
}

/**
 * Brings `state` up to date with the disk: re-lists changed directories,
 * stats only files that may have changed, re-reads only files whose (mtime,
 * size) moved. Returns the dedup winners and the IO counters.
 */
export async function syncCorpusState(
  state: CorpusState,
  request: SyncRequest,
  deps: SyncDeps,
): Promise<{ winners: Set<string>; counters: SyncCounters; dirsMoved: DirsMoved | undefined }> {
  finishDerivedSteps(state, deps);
  const walk = await (request.walk ??
    walkCorpus(state.root, {
      previous: state.dirs,
      forceList: request.dirtyDirs,
      trustPrevious: request.trusted && !request.full,
      nowMs: deps.nowMs,
      concurrency: deps.concurrency,
    }));
  const before = state.dirs;
  state.dirs = walk.dirs;
  const dirsMoved =
    walk.gone === undefined
      ? undefined
      : { came: [...walk.relisted].filter((dir) => !before.has(dir)), gone: walk.gone };
  const isQuiet = !request.full && walk.relisted.size === 0 && request.dirtyFiles.size === 0;
  if (isQuiet && state.unstable.size === 0 && state.winners !== undefined) {
    // No directory moved, no watch event, no recent file: nothing can have changed.
    const counters = { ...NO_IO, dirsStatted: walk.visited };
    return { winners: state.winners.relpaths, counters, dirsMoved };
  }
  let toStat: Array<[string, TrackedKind]> = [];
  let came: Iterable<[string, TrackedKind]>;
  /** Files a restart's version check statted for this sync (its worker, not `statKnown`). */
  let checked = 0;
  const first = !state.synced;
  if (first) {
    // First sync of this state: every listing is new, or what a restart
    // read of them is brought up to date with what the walk re-listed.
    const stored = state.storedTracked;
    state.storedTracked = undefined;
    const listed =
      stored === undefined
        ? listTrackedFiles(walk.dirs, state.strings)
        : updatedStoredList(stored, before, walk.dirs, walk.relisted, state.strings);
    state.synced = true;
    // A restart's check of every stored file (undefined: it did not run, so they are statted here).
    const moved = await request.versionCheck?.finish();
    if (moved !== undefined) {
      const held = state.metadata.size + state.artifacts.size;
      const { met, fresh } = await applyVersionCheck(state, listed, moved, deps);
      if (met < held) {
        forgetVanished(state, listed);
      }
      checked = met;
      came = fresh;
    } else {
      forgetVanished(state, listed);
      toStat = filesToStat(state, trackedPairs(listed), request, walk.relisted);
      came = trackedPairs(listed);
    }
  } else {
    const changes = listingChanges(before, walk.dirs, walk.relisted, state.strings, walk.gone);
    for (const relpath of changes.gone) {
      forget(state, state.metadata, relpath);
      forget(state, state.artifacts, relpath);
    }
    toStat = request.full
      ? heldFilesToStat(state, request, walk.relisted)
      : candidatesToStat(state, request, walk.relisted, walk.dirs);
    came = changes.came;
  }
  const counters: SyncCounters = {
    filesRead: 0,
    filesStatted: checked + toStat.length,
    filesSkipped: 0,
    dirsListed: walk.relisted.size,
    dirsStatted: walk.visited,
  };
  await statKnown(state, toStat, deps);
  registerNew(state, came);
  const artToCheck = await loadMetadata(state, deps, counters);
  const allArt = request.full ? new Set([...state.art.keys(), ...artToCheck]) : artToCheck;
  await checkArt(state, allArt, deps);
  const winners = currentWinners(state);
  const { beforeLayers } = request;
  await loadWinnerArtifacts(
    state,
    winners,
    deps,
    counters,
    first && beforeLayers !== undefined
      ? (count) => beforeLayers(winners, counters, count)
      : undefined,
  );
  if (first) {
    // The pool has shared what the files of the load repeat. Kept, its maps
    // would cost more than they save (large maps, against a few KB of
    // copies per changed file later), so it starts
    // again empty; the values keep their shared strings and lists.
    state.strings.clear();
  }
  return { winners, counters, dirsMoved };
}

import type { Logger } from 'pino';
import type { CorpusCaches } from '../caches/corpus-caches.js';
import { createDirWatcher, type DirWatcher, noteWatchEvent } from '../discovery/corpus-watch.js';
import { type WalkResult, walkCorpus } from '../discovery/discovery.js';
import { buildCorpusSnapshot, type CorpusSnapshot } from './corpus-snapshot.js';
import { type CorpusState, createCorpusState } from './corpus-state.js';
import { type SyncRequest, syncCorpusState } from './corpus-sync.js';
import type { ProjectionStore } from './projection-store.js';
import { warmUpSnapshot } from './snapshot-memo.js';
import type { TimeSlicer } from './time-slicer.js';
import { createVersionCheck, type VersionCheck } from './version-check.js';

/** What every root of one registry shares. */
export interface RootContext {
  logger: Logger;
  caches: CorpusCaches;
  now: () => Date;
  concurrency: number;
  slicer: TimeSlicer;
  parseAheadMin: number;
  /** The first retry delay after a failed sync (the settle delay). */
  retryBaseMs: number;
  /** Where projections are persisted (CORPUS_CACHE_DIR); none when caching is off. */
  store?: ProjectionStore;
  /**
   * From this many GI/KG/bridge files left to read by a first load, its
   * episodes are published (`CorpusRoot.early`) before those files are
   * read. Undefined: never (callers wait for the whole load).
   */
  layersLaterMin?: number;
  /** Awaited once an early snapshot is published, before the layers are read (tests hold the load here). */
  beforeLayers?: (root: string) => Promise<void>;
  /** Told of each new snapshot a sync publishes (`CorpusRegistryOptions.onPublished`). */
  onPublished?: (snapshot: CorpusSnapshot) => void;
}

/** One corpus root held by the registry: its loader state, last snapshot and pending change marks. */
export interface CorpusRoot {
  state: CorpusState;
  snapshot?: CorpusSnapshot;
  /**
   * While a first load reads the GI, KG and bridge files, after every
   * metadata file: a snapshot of the episodes that throws `CorpusLoading`
   * for anything that needs a layer (`layersPending`). Cleared when the load
   * ends, however it ends.
   */
  early?: CorpusSnapshot;
  /** Requests waiting for the first load, told when `early` is published. */
  earlyWaiters: Set<() => void>;
  pending?: Promise<CorpusSnapshot>;
  lastSyncMs: number;
  /** When the last walk that trusted nothing (first load, safety rescan, `refresh`) finished. */
  lastFullScanMs: number;
  /** Syncs run and directories statted by them since the root was loaded, for the debug view. */
  syncs: number;
  dirsStatted: number;
  isDirty: boolean;
  /** A sync is scheduled after a watch event. */
  isScheduled: boolean;
  dirtyFiles: Set<string>;
  dirtyDirs: Set<string>;
  watcher?: DirWatcher;
  /** Failed syncs in a row; retries wait `retryDelayMs` of it. */
  failures: number;
  /** Before this time a failed root is not synced again (the previous snapshot is served). */
  retryAtMs: number;
  /** The periodic safety rescan of a watched root, cleared when the root is dropped. */
  rescanTimer?: NodeJS.Timeout;
  /** Whether the first load has asked the projection store for a stored state. */
  storeAsked: boolean;
  /** The state generation last persisted; the save timer and the save under way, if any. */
  savedGeneration: number;
  saveTimer?: NodeJS.Timeout;
  /** Whether the save timer waits for the root to be quiet (`savePlanFor`), not for a burst to settle. */
  saveWhenQuiet?: boolean;
  /** How long the last projection save took (0 before the first). */
  lastSaveMs: number;
  /** Failed projection saves in a row; the next try waits `retryDelayMs` of it. */
  saveFailures: number;
  saving?: Promise<void>;
  /** Evicted, or its registry closed: its background work stops. */
  dropped?: boolean;
}

const MAX_RETRY_DELAY_MS = 60_000;

/** Doubles from `baseMs` with each failure in a row, up to a minute. */
export function retryDelayMs(failures: number, baseMs: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, Math.max(baseMs, 1) * 2 ** Math.min(failures, 16));
}

/**
 * Saving rewrites the whole projection (seconds of CPU on a large
 * corpus), so under steady change the next save waits ten times as long
 * as the last one took: saving then costs at most about a tenth of a core.
 */
export const SAVE_COST_FACTOR = 10;

export function saveDelayAfter(lastSaveMs: number, minDelayMs: number): number {
  return Math.max(minDelayMs, Math.round(SAVE_COST_FACTOR * lastSaveMs));
}

/** Unsaved changes past which a save follows the burst that made them, whatever the corpus size. */
export const MIN_CHANGES_TO_SAVE_SOON = 100;

/** The share of the tracked files that, changed and unsaved, makes a save follow the burst. */
export const SHARE_OF_FILES_TO_SAVE_SOON = 0.001;

/**
 * When to save a root whose state moved since its last save. A restart
 * reads again only the files whose stored (mtime, size) moved, so a stale
 * projection costs those reads and nothing else, while a save rewrites all
 * of it: after a restart (its layers still packed) a save costs many
 * seconds of CPU, and one after each retitled episode slowed the graph
 * routes beside it. A few changes (`unsaved`, counted
 * in state generations, at least one per file read, added or gone) are
 * saved once the root has been quiet for `quietMs`; more than
 * `minChanges`, or 0.1 % of the `tracked` files when that is more, are
 * saved once the burst settled (`saveDelayAfter`).
 */
export function savePlanFor(
  unsaved: number,
  tracked: number,
  delays: { settleMs: number; quietMs: number; lastSaveMs: number; minChanges?: number },
): { whenQuiet: boolean; delayMs: number } {
  const soonFrom = Math.max(
    delays.minChanges ?? MIN_CHANGES_TO_SAVE_SOON,
    Math.round(SHARE_OF_FILES_TO_SAVE_SOON * tracked),
  );
  const settled = saveDelayAfter(delays.lastSaveMs, delays.settleMs);
  return unsaved >= soonFrom
    ? { whenQuiet: false, delayMs: settled }
    : { whenQuiet: true, delayMs: Math.max(delays.quietMs, settled) };
}

/** True while a watcher reports changes, so the registry need not walk the tree to find them. */
export function isWatching(root: CorpusRoot): boolean {
  return root.watcher?.isActive() === true && root.snapshot !== undefined;
}

/** `onDirty` runs after each watch event that may change the snapshot (the registry schedules a sync). */
export function createCorpusRoot(
  dir: string,
  logger: Logger,
  watch: boolean,
  onDirty: (root: CorpusRoot) => void,
): CorpusRoot {
  const root: CorpusRoot = {
    state: createCorpusState(dir),
    lastSyncMs: 0,
    lastFullScanMs: 0,
    syncs: 0,
    dirsStatted: 0,
    isDirty: false,
    isScheduled: false,
    dirtyFiles: new Set(),
    dirtyDirs: new Set(),
    failures: 0,
    retryAtMs: 0,
    storeAsked: false,
    earlyWaiters: new Set(),
    savedGeneration: 0,
    lastSaveMs: 0,
    saveFailures: 0,
  };
  if (watch) {
    const onChange = (rel: string, name: string | null, isRename: boolean) => {
      if (noteWatchEvent(root, rel, name, isRename)) {
        root.isDirty = true;
        onDirty(root);
      }
    };
    root.watcher = createDirWatcher(dir, onChange, logger);
  }
  return root;
}

/** Takes the pending change marks, leaving fresh sets for events that arrive during the sync. */
function takeRequest(root: CorpusRoot, full: boolean): SyncRequest {
  const trusted = isWatching(root);
  const request = { full, trusted, dirtyFiles: root.dirtyFiles, dirtyDirs: root.dirtyDirs };
  root.isDirty = false;
  root.dirtyFiles = new Set();
  root.dirtyDirs = new Set();
  return request;
}

function restoreRequest(root: CorpusRoot, request: SyncRequest): void {
  root.isDirty = true;
  for (const file of request.dirtyFiles) root.dirtyFiles.add(file);
  for (const dir of request.dirtyDirs) root.dirtyDirs.add(dir);
}

async function syncToSnapshot(root: CorpusRoot, request: SyncRequest, context: RootContext) {
  const started = performance.now();
  const generation = root.state.generation;
  // The racy-write window compares with file mtimes, so it needs the real clock.
  const deps = { ...context, nowMs: Date.now() };
  const earlyFrom = context.layersLaterMin;
  if (root.snapshot === undefined && earlyFrom !== undefined) {
    request.beforeLayers = async (winners, counters, layersToRead) => {
      if (layersToRead < earlyFrom) {
        return;
      }
      root.early = buildCorpusSnapshot({
        state: root.state,
        winners,
        stats: {
          ...counters,
          durationMs: Math.round(performance.now() - started),
          metadataFiles: root.state.metadata.size,
        },
        loadedAt: context.now(),
        caches: context.caches,
        layersPending: true,
      });
      context.logger.info(
        {
          root: root.state.root,
          episodes: root.early.episodes.length,
          layers_to_read: layersToRead,
        },
        'corpus episodes served; reading their layers',
      );
      for (const wake of root.earlyWaiters) {
        wake();
      }
      await context.beforeLayers?.(root.state.root);
    };
  }
  const { winners, counters, dirsMoved } = await syncCorpusState(root.state, request, deps);
  root.syncs++;
  root.dirsStatted += counters.dirsStatted;
  if (!request.trusted || request.full) {
    root.lastFullScanMs = context.now().getTime();
  }
  const added =
    (dirsMoved === undefined
      ? root.watcher?.track(root.state.dirs.keys())
      : root.watcher?.update(dirsMoved.came, dirsMoved.gone)) ?? [];
  if (root.snapshot !== undefined && added.length > 0) {
    // Files written between listing a new directory and watching it raised no event: list it again.
    for (const dir of added) root.dirtyDirs.add(dir);
    root.isDirty = true;
  }
  if (root.snapshot && root.state.generation === generation) {
    return root.snapshot; // nothing moved on disk: keep the snapshot, skip the rebuild
  }
  const durationMs = Math.round(performance.now() - started);
  const stats = { ...counters, durationMs, metadataFiles: root.state.metadata.size };
  const loadedAt = context.now();
  return buildCorpusSnapshot({
    state: root.state,
    winners,
    stats,
    loadedAt,
    caches: context.caches,
  });
}

/** What a restart begins while its projection is read, for its first sync to finish. */
interface Seeded {
  check: VersionCheck;
  /** The walk of the corpus against the stored listings, begun as soon as they were read. */
  walk: Promise<WalkResult> | undefined;
}

/**
 * Before a root's first load, takes its persisted projection as the loader
 * state when one is usable: then the answer is the check of the stored file
 * versions a worker ran while the file was read (see `version-check.ts`),
 * and the walk of the corpus, both for the first sync to finish. The
 * watcher starts on the stored directories as soon as their listings are
 * read, before any file is checked, so a file changed after its check
 * still raises an event; the walk starts then too, every directory statted
 * against its stored listing (a full sync's walk), so its stats run while
 * the rest of the file is read instead of after it.
 */
async function seedFromStore(root: CorpusRoot, context: RootContext): Promise<Seeded | false> {
  if (root.storeAsked || root.snapshot !== undefined || context.store === undefined) {
    return false;
  }
  root.storeAsked = true;
  const check = createVersionCheck(root.state.root, {
    minFiles: context.parseAheadMin,
    logger: context.logger,
  });
  let walk: Promise<WalkResult> | undefined;
  const stored = await context.store.load(root.state.root, {
    listed: (dirs, files) => {
      root.watcher?.track(dirs.keys());
      check.expect(files);
      // After the watcher: a directory changed once it is statted still raises an event.
      walk = walkCorpus(root.state.root, {
        previous: dirs,
        nowMs: Date.now(),
        concurrency: context.concurrency,
      });
      // A read that fails after this drops the walk; its failure is the sync's to report.
      walk.catch(() => undefined);
    },
    stored: (files) => check.add(files),
  });
  if (stored === undefined) {
    check.close();
    await walk?.catch(() => undefined);
    return false;
  }
  root.state = stored;
  root.savedGeneration = stored.generation; // what is stored is what was just read
  return { check, walk };
}

/**
 * Brings one root up to date and returns its snapshot. A failed refresh
 * keeps serving the previous snapshot and leaves the change marks for the
 * next attempt; a failed first load throws.
 */
export async function syncRoot(
  root: CorpusRoot,
  full: boolean,
  context: RootContext,
): Promise<CorpusSnapshot> {
  const request = takeRequest(root, full);
  try {
    const seeded = await seedFromStore(root, context);
    if (seeded !== false) {
      request.full = true; // every stored listing, file and art path is checked against the disk
      request.versionCheck = seeded.check;
      request.walk = seeded.walk;
    }
    const previous = root.snapshot;
    root.snapshot = await syncToSnapshot(root, request, context);
    root.failures = 0;
    const published = root.snapshot;
    if (published !== previous) {
      warmUpSnapshot(
        published,
        () => root.dropped === true || root.snapshot !== published,
        (err) =>
          context.logger.error(
            { root: published.root, err: (err as Error).message },
            'corpus index warm-up failed; it is built again on its next request',
          ),
      );
      try {
        context.onPublished?.(published);
      } catch (err) {
        context.logger.error(
          { root: published.root, err: (err as Error).message },
          'a listener of new corpus snapshots failed',
        );
      }
    }
    return root.snapshot;
  } catch (err) {
    restoreRequest(root, request);
    if (root.snapshot === undefined) {
      throw err;
    }
    root.failures++;
    const delayMs = retryDelayMs(root.failures, context.retryBaseMs);
    root.retryAtMs = context.now().getTime() + delayMs;
    context.logger.error(
      {
        root: root.state.root,
        err: (err as Error).message,
        failures: root.failures,
        retry_in_ms: delayMs,
      },
      'corpus refresh failed; serving the previous snapshot',
    );
    return root.snapshot;
  } finally {
    root.early = undefined;
    request.versionCheck?.close();
    root.lastSyncMs = context.now().getTime();
  }
}

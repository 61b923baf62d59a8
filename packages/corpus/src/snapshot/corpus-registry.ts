import { realpathSync } from 'node:fs';
import path from 'node:path';
import { CorpusLoading } from '@podcast/contracts';
import type { Logger } from 'pino';
import {
  type CorpusCaches,
  type CorpusPlace,
  clearCorpusCaches,
  corpusCacheStats,
  createCorpusCaches,
} from '../caches/corpus-caches.js';
import { isCorpusLayout } from '../roots/corpus-roots.js';
import {
  type CorpusRoot,
  createCorpusRoot,
  isWatching,
  type RootContext,
  retryDelayMs,
  savePlanFor,
  syncRoot,
} from './corpus-root.js';
import type { CorpusSnapshot } from './corpus-snapshot.js';
import { createProjectionStore, type ProjectionStoreStatus } from './projection-store.js';
import { type FolderView, type RootStatus, statusOf, viewStatus } from './root-status.js';
import { holdsEpisodesIn, subfolderView } from './subfolder-view.js';
import { createTimeSlicer } from './time-slicer.js';

export interface CorpusRegistryOptions {
  logger: Logger;
  now?: () => Date;
  /**
   * Minimum gap between directory walks while no watcher runs (watching
   * off or failed). Default 2000.
   */
  refreshIntervalMs?: number;
  /**
   * While a watcher runs, the gap between full rescans (every directory and
   * tracked file statted), the safety net for events the watcher missed.
   * Default 300000 (5 minutes).
   */
  rescanIntervalMs?: number;
  /** Watch discovered directories for changes. Default true. */
  watch?: boolean;
  /** Delay between a watch event and the sync it triggers, gathering a burst of writes. Default 100. */
  settleMs?: number;
  /** Files statted at once. Default 64. */
  concurrency?: number;
  /**
   * From this many files to read or stat in one sync (a first load, a
   * restart, the safety rescan, a big change), a worker thread reads and
   * parses, or stats, 70 % of them ahead of the loader. Default 1,000;
   * `Infinity` keeps all of it on the main thread.
   */
  parseAheadMin?: number;
  /**
   * The configured roots (CORPUS_DIR, CORPUS_ROOTS): held for the life of the
   * registry, never evicted, whatever callers ask for. Compared by real path.
   */
  pinned?: readonly string[];
  /**
   * Other folders loaded as projections of their own at once (outside every
   * pinned root, or a corpus nested in one); past it the least recently used
   * one is dropped. Pinned roots do not count. Default 2.
   */
  maxRoots?: number;
  /**
   * Folders of a pinned root served as views of its snapshot
   * (`subfolderView`) kept at once, least recently used dropped; a folder
   * found to be a corpus of its own keeps that finding in one of these slots
   * too. A view holds one small record per episode of its folder, so all
   * views together hold at most (folder depth) records per episode.
   * Default 64.
   */
  maxViews?: number;
  /**
   * Once a root is loaded, answer `get` at once with the current snapshot
   * and run due checks in the background (stale-while-revalidate), instead
   * of making callers wait for the directory walk. Servers turn this on: the
   * walk made every request of its moment wait, costing throughput and tail
   * latency in `pnpm bench`.
   */
  serveStale?: boolean;
  /**
   * Persist each root's projection in this folder (CORPUS_CACHE_DIR) and
   * start from it: a restart over an unchanged corpus stats every file
   * but parses none. Unset: nothing is persisted.
   */
  cacheDir?: string | undefined;
  /** Delay between a change and the save of the projection it made, gathering a burst. Default 5000. */
  cacheSaveDelayMs?: number;
  /**
   * A change leaving fewer files than `cacheSaveMinChanges` (default 100,
   * or 0.1 % of the tracked files when that is more) for a restart to read
   * again is saved only once the root has been quiet this long (default
   * 300000): see `savePlanFor`.
   */
  cacheQuietSaveMs?: number;
  /** The fewest unsaved changes saved after the burst settles (default 100; see `cacheQuietSaveMs`). */
  cacheSaveMinChanges?: number;
  /**
   * After a failed save (a full disk) the save is tried again this long
   * after, doubling with each failure in a row up to a minute, so the
   * projection is stored once space returns without waiting for a corpus
   * change. Default 5000.
   */
  cacheSaveRetryMs?: number;
  /**
   * How long `get` waits for a root's first load before it throws
   * `CorpusLoading` (a 503 with Retry-After) instead; the load goes on.
   * Unset: `get` waits for the load however long it takes.
   */
  firstLoadWaitMs?: number | undefined;
  /**
   * With `firstLoadWaitMs` set: from this many GI/KG/bridge files left to
   * read by a first load (once every metadata file is read), `get` answers
   * with the episodes at once, and whatever needs a layer throws
   * `CorpusLoading` until the load ends (`CorpusRoot.early`). Default
   * 10,000 (about 3,300 episodes); `warm` always waits for the whole load.
   */
  layersLaterMin?: number;
  /** Awaited after such an early snapshot is published, before the layers are read (tests). */
  beforeLayers?: (root: string) => Promise<void>;
  /**
   * Called when a sync publishes a new snapshot of a root (not an early
   * one, nor a folder view), after its warm-ups are started; the servers
   * make their hot answers again for it (http-kit's `HotAnswers`).
   */
  onPublished?: (snapshot: CorpusSnapshot) => void;
}

/** What an API's environment says about the corpus it serves (CORPUS_* variables). */
export interface CorpusServingSettings {
  refreshIntervalMs: number;
  rescanIntervalMs: number;
  corpusCacheDir?: string | undefined;
  firstLoadWaitMs?: number | undefined;
}

/**
 * The registry options of an API serving a corpus: its configured intervals,
 * projection folder and first-load wait, and stale-while-revalidate answers.
 * `extra` (pinned roots, a test's overrides) comes last.
 */
export function servingRegistryOptions(
  logger: Logger,
  settings: CorpusServingSettings,
  extra: Partial<CorpusRegistryOptions> = {},
): CorpusRegistryOptions {
  return {
    logger,
    refreshIntervalMs: settings.refreshIntervalMs,
    rescanIntervalMs: settings.rescanIntervalMs,
    serveStale: true,
    cacheDir: settings.corpusCacheDir,
    firstLoadWaitMs: settings.firstLoadWaitMs,
    ...extra,
  };
}

/** See `layersLaterMin`: at 100,000 episodes the metadata take about a fifth of a first load. */
const DEFAULT_LAYERS_LATER_MIN = 10_000;

/** The Retry-After of a request turned away while a first load runs. */
const LOADING_RETRY_AFTER_S = 5;

export interface CorpusRegistry {
  /**
   * The current snapshot of `root`, loading it on first use and refreshing
   * it incrementally after changes. Throws `CorpusLoading` while a first
   * load runs past `firstLoadWaitMs`.
   */
  get(root: string): Promise<CorpusSnapshot>;
  /** Like `get`, but waits for a first load however long it takes (start-up warming). */
  warm(root: string): Promise<CorpusSnapshot>;
  /** Re-checks every tracked file now (after edits a watcher may not see), then returns the snapshot. */
  refresh(root: string): Promise<CorpusSnapshot>;
  /** What each held root costs and how it notices changes, for the debug view and logs. */
  describe(): RootStatus[];
  /** The side-file caches every snapshot of this registry reads through. */
  readonly caches: CorpusCaches;
  /** `root` with this registry's caches, for side-file readers where no snapshot is loaded. */
  at(root: string): CorpusPlace;
  /**
   * Saves the projection of a loaded root now (after any sync under way),
   * instead of waiting for the save delay. A no-op without `cacheDir`.
   */
  persist(root: string): Promise<void>;
  /** The projection store's counters; null without `cacheDir`. */
  projection(): ProjectionStoreStatus | null;
  /** Stops all watchers; pending loads still settle. */
  close(): void;
}

function realOrResolved(dir: string): string {
  try {
    return realpathSync.native(dir);
  } catch {
    return path.resolve(dir);
  }
}

/** Queues a sync behind any running one, so loads of one root never overlap. */
function queueSync(root: CorpusRoot, full: boolean, context: RootContext): Promise<CorpusSnapshot> {
  const previous = root.pending ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => syncRoot(root, full, context));
  root.pending = next;
  const clear = () => {
    if (root.pending === next) {
      root.pending = undefined;
    }
  };
  next.then(clear, clear);
  return next;
}

/**
 * Keeps one in-memory snapshot per corpus root. The first `get` loads the
 * root. While a watcher runs, a watch event schedules a sync of the named
 * files and directories only (no walk), and a full rescan runs at most once
 * per `rescanIntervalMs` as a safety net; without a watcher, `get` walks the
 * discovered directories at most once per `refreshIntervalMs`. Syncs re-read
 * only changed files. Concurrent calls share one load.
 */
export function createCorpusRegistry(options: CorpusRegistryOptions): CorpusRegistry {
  const now = options.now ?? (() => new Date());
  const intervalMs = options.refreshIntervalMs ?? 2000;
  const rescanMs = options.rescanIntervalMs ?? 300_000;
  const settleMs = options.settleMs ?? 100;
  const maxRoots = options.maxRoots ?? 2;
  const maxViews = options.maxViews ?? 64;
  const pinned = new Set((options.pinned ?? []).map(realOrResolved));
  const pinnedDeepestFirst = [...pinned].sort((a, b) => b.length - a.length);
  const caches = createCorpusCaches();
  const slicer = createTimeSlicer();
  const store =
    options.cacheDir === undefined
      ? undefined
      : createProjectionStore({
          dir: options.cacheDir,
          logger: options.logger,
          pause: () => slicer.yieldIfDue(),
        });
  const saveRetryMs = options.cacheSaveRetryMs ?? 5000;
  const saveDelays = {
    settleMs: options.cacheSaveDelayMs ?? 5000,
    quietMs: options.cacheQuietSaveMs ?? 300_000,
    ...(options.cacheSaveMinChanges === undefined
      ? {}
      : { minChanges: options.cacheSaveMinChanges }),
  };
  const context: RootContext = {
    logger: options.logger,
    caches,
    now,
    concurrency: options.concurrency ?? 64,
    parseAheadMin: options.parseAheadMin ?? 1000,
    slicer,
    retryBaseMs: settleMs,
    ...(store ? { store } : {}),
    ...(options.firstLoadWaitMs === undefined
      ? {}
      : { layersLaterMin: options.layersLaterMin ?? DEFAULT_LAYERS_LATER_MIN }),
    ...(options.beforeLayers ? { beforeLayers: options.beforeLayers } : {}),
    ...(options.onPublished ? { onPublished: options.onPublished } : {}),
  };
  const roots = new Map<string, CorpusRoot>();
  const views = new Map<string, FolderView>();
  /** Unpinned roots, then views, least recently used first. */
  const recentRoots = new Set<string>();
  const recentViews = new Set<string>();
  let isClosed = false;
  const timers = new Set<NodeJS.Timeout>();
  const describe = () => [
    ...[...roots.values()].map(statusOf),
    ...[...views].flatMap(([dir, view]) =>
      view.snapshot === null ? [] : [viewStatus(dir, view.base, view.snapshot)],
    ),
  ];

  /**
   * Full rescans (every CORPUS_RESCAN_MS) and `refresh` end with one info
   * line of cache sizes and change-detection counts: the periodic view of
   * what GET /api/debug/corpus shows on demand.
   */
  const sync = (root: CorpusRoot, full: boolean): Promise<CorpusSnapshot> => {
    const pending = queueSync(root, full, context);
    pending.then(
      () => scheduleSave(root),
      () => undefined,
    );
    if (full) {
      const report = () =>
        options.logger.info(
          { caches: corpusCacheStats(caches), roots: describe() },
          'corpus caches',
        );
      pending.then(report, () => undefined);
    }
    return pending;
  };

  /**
   * Syncs a root shortly after a watch event, so the next request already
   * sees the change. After a failed sync the next try waits longer each time
   * (retryDelayMs), so a broken root is not re-walked every 100 ms.
   */
  const schedule = (root: CorpusRoot): void => {
    if (root.isScheduled || isClosed) {
      return;
    }
    root.isScheduled = true;
    const delayMs = Math.max(settleMs, root.retryAtMs - now().getTime());
    const timer = setTimeout(() => {
      timers.delete(timer);
      root.isScheduled = false;
      // Failures are logged by syncRoot and the previous snapshot stays.
      sync(root, false).then(
        () => root.isDirty && schedule(root),
        () => undefined,
      );
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };

  /**
   * The safety rescan of a watched root runs on its own timer, so an idle
   * server still notices what a watcher missed and no request pays for it.
   */
  const startRescans = (root: CorpusRoot): void => {
    if (root.watcher === undefined || rescanMs <= 0) {
      return;
    }
    root.rescanTimer = setInterval(() => {
      if (!root.pending && isDue(root).full) {
        sync(root, true).catch(() => undefined);
      }
    }, rescanMs);
    root.rescanTimer.unref();
  };

  const drop = (root: CorpusRoot): void => {
    root.dropped = true; // its warm index builds stop at their next slice
    root.watcher?.close();
    clearInterval(root.rescanTimer);
    clearTimeout(root.saveTimer);
    root.saveTimer = undefined;
  };

  /** Saves the root's projection; one save at a time, each of the state as it is when it starts. */
  const save = (root: CorpusRoot): Promise<void> => {
    const previous = root.saving ?? Promise.resolve();
    const next = previous.then(async () => {
      const generation = root.state.generation;
      if (
        store === undefined ||
        root.snapshot === undefined ||
        generation === root.savedGeneration
      ) {
        return;
      }
      const started = performance.now();
      if (!(await store.save(root.state))) {
        root.saveFailures++;
        scheduleSaveRetry(root);
        return;
      }
      root.lastSaveMs = performance.now() - started;
      root.savedGeneration = generation;
      if (root.saveFailures > 0) {
        options.logger.info(
          { root: root.state.root, failures: root.saveFailures },
          'corpus projection saved again',
        );
        root.saveFailures = 0;
      }
    });
    root.saving = next;
    next
      .finally(() => {
        if (root.saving === next) {
          root.saving = undefined;
        }
      })
      .catch(() => undefined);
    return next;
  };

  /**
   * The store refused the save (its last_error says why): try again on a
   * backoff, whether or not the corpus changes meanwhile. A change until
   * then is saved by the retry, which saves the state as it is then.
   */
  const scheduleSaveRetry = (root: CorpusRoot): void => {
    if (isClosed || root.dropped) {
      return;
    }
    clearTimeout(root.saveTimer);
    root.saveWhenQuiet = false;
    root.saveTimer = setTimeout(
      () => {
        root.saveTimer = undefined;
        if (roots.get(root.state.root) === root) {
          save(root).catch(() => undefined);
        }
      },
      retryDelayMs(root.saveFailures - 1, saveRetryMs),
    );
    root.saveTimer.unref();
  };

  /**
   * After a sync that moved the state: a save once the burst of changes has
   * settled, or, for a few changes, once the root has been quiet
   * (`savePlanFor`); each change starts a quiet wait again.
   */
  const scheduleSave = (root: CorpusRoot): void => {
    if (store === undefined || isClosed) {
      return;
    }
    const unsaved = root.state.generation - root.savedGeneration;
    if (unsaved === 0) {
      return;
    }
    if (root.saveTimer !== undefined && !root.saveWhenQuiet) {
      return; // a save after the burst is due already
    }
    const tracked = root.state.metadata.size + root.state.artifacts.size;
    const plan = savePlanFor(unsaved, tracked, { ...saveDelays, lastSaveMs: root.lastSaveMs });
    clearTimeout(root.saveTimer);
    root.saveWhenQuiet = plan.whenQuiet;
    root.saveTimer = setTimeout(() => {
      root.saveTimer = undefined;
      if (roots.get(root.state.root) === root) {
        save(root).catch(() => undefined);
      }
    }, plan.delayMs);
    root.saveTimer.unref();
  };

  /** Whether `get` must check the disk before answering: a pending event or a due walk. */
  const isDue = (root: CorpusRoot): { due: boolean; full: boolean } => {
    const nowMs = now().getTime();
    if (root.snapshot !== undefined && root.failures > 0 && nowMs < root.retryAtMs) {
      return { due: false, full: false }; // failing: serve the last snapshot until the retry time
    }
    if (isWatching(root)) {
      const full = nowMs - root.lastFullScanMs >= rescanMs;
      return { due: full || root.isDirty, full };
    }
    return { due: root.isDirty || nowMs - root.lastSyncMs >= intervalMs, full: false };
  };

  /**
   * The root for `dir`, most recently used last. Past the cap on unpinned
   * roots the least recently used idle one goes; pinned roots never do.
   */
  const rootFor = (key: string): CorpusRoot => {
    let root = roots.get(key);
    if (root === undefined) {
      root = createCorpusRoot(key, options.logger, options.watch !== false && !isClosed, schedule);
      startRescans(root);
      roots.set(key, root);
    }
    if (!pinned.has(key)) {
      touch(recentRoots, maxRoots, key, evictRoot);
    }
    return root;
  };

  /** Drops an idle root; one with a sync under way stays (false) until a later call. */
  const evictRoot = (key: string): boolean => {
    const root = roots.get(key);
    if (root?.pending) {
      return false;
    }
    if (root !== undefined) {
      drop(root);
      roots.delete(key);
    }
    return true;
  };

  /**
   * Marks `key` most recently used in `recent`, then evicts the least
   * recently used past `cap`, skipping those `evict` refuses.
   */
  const touch = (
    recent: Set<string>,
    cap: number,
    key: string,
    evict: (oldest: string) => boolean,
  ): void => {
    recent.delete(key);
    recent.add(key);
    for (const oldest of recent) {
      if (recent.size <= cap || oldest === key) {
        return;
      }
      if (evict(oldest)) {
        recent.delete(oldest);
      }
    }
  };

  /**
   * Where `dir` lies: a pinned root itself, inside one (`base`, the deepest),
   * or outside them all. Compared lexically first and by real path only when
   * that finds nothing, so a symlinked CORPUS_DIR is the one pinned root and
   * not a second projection.
   */
  const placeOf = (dir: string): { key: string; base?: string } => {
    const lexical = path.resolve(dir);
    const found = pinned.size === 0 ? { key: lexical } : pinnedPlace(lexical);
    if (found !== undefined) {
      return found;
    }
    // Only a folder outside every pinned root by its name pays for a realpath.
    const real = realOrResolved(lexical);
    return pinnedPlace(real) ?? { key: lexical };
  };

  const pinnedPlace = (key: string): { key: string; base?: string } | undefined => {
    if (pinned.has(key)) {
      return { key };
    }
    const base = pinnedDeepestFirst.find((p) =>
      key.startsWith(p.endsWith(path.sep) ? p : p + path.sep),
    );
    return base === undefined ? undefined : { key, base };
  };

  /**
   * A folder inside a pinned root: a view of the root's snapshot when the
   * root holds episodes there, or when the folder is no corpus of its own;
   * otherwise (a corpus nested in a folder of corpora) its own projection.
   * Decided once per snapshot of the root, so a request pays no scan or stat.
   */
  const folderOf = async (key: string, base: string, full: boolean): Promise<CorpusSnapshot> => {
    const source = full ? await sync(rootFor(base), true) : await getRoot(base);
    let view = views.get(key);
    if (view?.source !== source) {
      const isOwnCorpus = !holdsEpisodesIn(source, key) && isCorpusLayout(key);
      view = { base, source, snapshot: isOwnCorpus ? null : subfolderView(source, key) };
      views.set(key, view);
    }
    touch(recentViews, maxViews, key, (oldest) => {
      views.delete(oldest);
      return true;
    });
    if (view.snapshot === null) {
      return full ? sync(rootFor(key), true) : getRoot(key);
    }
    return view.snapshot;
  };

  const getRoot = (dir: string): Promise<CorpusSnapshot> => {
    const root = rootFor(dir);
    const { due, full } = isDue(root);
    if (root.snapshot && !root.pending && !due) {
      return Promise.resolve(root.snapshot);
    }
    if (root.snapshot && options.serveStale) {
      if (!root.pending) {
        // Failures are logged by syncRoot and the previous snapshot stays.
        sync(root, full).catch(() => undefined);
      }
      return Promise.resolve(root.snapshot);
    }
    return root.pending ?? sync(root, full);
  };

  const getAny = (
    dir: string,
  ): { loading: boolean; root?: CorpusRoot; pending: Promise<CorpusSnapshot> } => {
    const { key, base } = placeOf(dir);
    const pending = base === undefined ? getRoot(key) : folderOf(key, base, false);
    const held = roots.get(base ?? key);
    const loading = held?.snapshot === undefined;
    // A folder's view needs the artifact listing, which an early snapshot lacks.
    return { loading, pending, ...(base === undefined && held ? { root: held } : {}) };
  };

  /**
   * A first load that outlasts `firstLoadWaitMs` answers CorpusLoading; the
   * load itself goes on. A root's episodes published early (`held.early`)
   * end the wait too.
   */
  const bounded = (
    pending: Promise<CorpusSnapshot>,
    held: CorpusRoot | undefined,
  ): Promise<CorpusSnapshot> => {
    const waitMs = options.firstLoadWaitMs;
    if (waitMs === undefined) {
      return pending;
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        settle();
        reject(new CorpusLoading(LOADING_RETRY_AFTER_S));
      }, waitMs);
      const wake = () => {
        if (held?.early !== undefined) {
          settle();
          resolve(held.early);
        }
      };
      const settle = () => {
        clearTimeout(timer);
        held?.earlyWaiters.delete(wake);
      };
      held?.earlyWaiters.add(wake);
      pending.then(
        (snapshot) => {
          settle();
          resolve(snapshot);
        },
        (err: unknown) => {
          settle();
          reject(err);
        },
      );
    });
  };

  return {
    get(dir) {
      const { loading, root, pending } = getAny(dir);
      if (!loading) {
        return pending;
      }
      return root?.early ? Promise.resolve(root.early) : bounded(pending, root);
    },
    warm: (dir) => getAny(dir).pending,
    refresh(dir) {
      const { key, base } = placeOf(dir);
      return base === undefined ? sync(rootFor(key), true) : folderOf(key, base, true);
    },
    describe,
    caches,
    at: (root) => ({ root, caches }),
    async persist(dir) {
      const root = roots.get(placeOf(dir).key);
      if (root === undefined) {
        return;
      }
      await root.pending?.catch(() => undefined);
      clearTimeout(root.saveTimer);
      root.saveTimer = undefined;
      await save(root);
    },
    projection: () => store?.status() ?? null,
    close() {
      isClosed = true;
      clearCorpusCaches(caches);
      for (const timer of timers) {
        clearTimeout(timer);
      }
      timers.clear();
      for (const root of roots.values()) {
        drop(root);
      }
      roots.clear();
      views.clear();
      recentRoots.clear();
      recentViews.clear();
    },
  };
}

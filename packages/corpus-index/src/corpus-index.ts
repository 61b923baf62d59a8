import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { CorpusLoading } from '@podcast/contracts';
import type { Logger } from 'pino';
import { type IndexKysely, openIndexReader } from './index-file.js';
import type { IndexHandle, IndexStore, IndexView } from './index-store.js';
import { createIndexWatch, type IndexWatch } from './index-watch.js';
import { ingestWalk } from './ingest.js';
import { IngestLockLost, type IngestReport } from './ingest-base.js';
import { ingestChanges } from './ingest-changes.js';
import { openPgIndexReader, openPgStore } from './pg-index.js';
import { openSqliteStore } from './sqlite-store.js';
import { createWriteHealth, type WriteHealthStatus } from './write-health.js';

/** Where the index is: an SQLite file under DATA_DIR, or a PostgreSQL database shared across machines. */
export type IndexLocation =
  | {
      /** The index file; the ingest lock sits beside it as `<file>.lock`. */
      file: string;
    }
  | {
      /** A postgres:// URL; the index lives in its `corpus_index` schema. */
      url: string;
    };

export interface CorpusIndexTiming {
  /** How often the holder renews the lock and the others try to take it (default 1 s). */
  heartbeatMs?: number;
  /**
   * SQLite: a heartbeat older than this is a dead holder's (default 5 s; a
   * holder pid gone from this host at once). PostgreSQL needs none: a dead
   * holder's session ends and frees the lock.
   */
  staleMs?: number;
  /** Pause between the ingester's rescans of the corpus without a working watcher (default 5 s). */
  rescanMs?: number;
  /**
   * Pause between rescans while a watcher reports changes: the rescan is
   * then a safety net for what a watcher can miss. By default 60 s, or 100
   * times the last rescan's duration when that is longer, so the net takes
   * at most 1 % of the ingester's time whatever the corpus's size.
   */
  watchedRescanMs?: number;
  /** Watch the corpus and ingest what changed as it changes (default true). */
  watch?: boolean;
  /** The first retry after a failed index write (default 5 s), doubling to a minute. */
  retryBaseMs?: number;
  /**
   * Awaited in a first build between its catalog pass and its layers pass
   * (tests hold the build there to see what is served meanwhile).
   */
  beforeLayers?: () => Promise<void>;
  /**
   * How long a request waits for the first build's pass it needs before
   * its 503 (CORPUS_LOAD_WAIT_MS, as for a first projection load);
   * undefined waits however long the build takes.
   */
  firstBuildWaitMs?: number | undefined;
}

/** How this process's side of the index fares, as the APIs' health route shows it. */
export interface CorpusIndexStatus extends WriteHealthStatus {
  /** This process holds the ingest lock and writes the index. */
  ingester: boolean;
}

/** Watch events this close together are ingested as one change (a write raises several). */
const SETTLE_MS = 20;

export type CorpusIndexOptions = IndexLocation &
  CorpusIndexTiming & {
    /** The corpus root it indexes. */
    root: string;
    logger: Pick<Logger, 'warn' | 'info' | 'error'>;
  };

/** One process's view of a shared corpus index: it reads, and ingests while it holds the lock. */
export interface CorpusIndex {
  /** Where the index is, for a process of its own that reads it (the search index build). */
  readonly location: IndexLocation;
  /** The read-only handle, or undefined until the first build's catalog pass has finished. */
  reader(): IndexKysely | undefined;
  /**
   * The reader with its data version and whether the layers are built, or
   * undefined until the first build's catalog pass has finished.
   */
  view(): IndexView | undefined;
  /**
   * The view a request that `needs` so much of the index reads, once the
   * first build has read it; past `firstBuildWaitMs` a 503 with Retry-After.
   */
  serving(needs: IndexNeeds): Promise<IndexView>;
  /** Whether this process holds the ingest lock now. */
  isIngester(): boolean;
  /** Whether this process ingests, and whether its index writes fail. */
  status(): CorpusIndexStatus;
  /** Runs an ingest now when this process holds the lock (after the one under way, if any). */
  ingestNow(): Promise<IngestReport | undefined>;
  close(): Promise<void>;
}

/** The shortest default pause between safety-net rescans while a watcher runs. */
const WATCHED_RESCAN_MS = 60_000;

/** The share of the ingester's time the safety-net rescans may take by default. */
const RESCAN_SHARE = 0.01;

/**
 * The pause before the next safety-net rescan while a watcher runs: the
 * configured one, else a minute or a hundred times the last rescan's
 * duration, whichever is longer (a rescan at 100,000 episodes stats half a
 * million files).
 */
export function safetyRescanPauseMs(lastWalkMs: number, configuredMs?: number): number {
  return configuredMs ?? Math.max(WATCHED_RESCAN_MS, lastWalkMs / RESCAN_SHARE);
}

function storeOf(options: CorpusIndexOptions): IndexStore {
  return 'url' in options
    ? openPgStore(options.url, options.logger)
    : openSqliteStore(options.file, options.staleMs ?? 5000);
}

/**
 * A read-only handle on the index at `location` for a process that neither
 * ingests nor serves (the search index build), or undefined while the index
 * has no catalog to serve.
 */
export async function openCatalogReader(location: IndexLocation): Promise<IndexHandle | undefined> {
  return 'url' in location ? openPgIndexReader(location.url) : openIndexReader(location.file);
}

/**
 * Opens the index at `options.file` or `options.url` for one process.
 * Every process reads; the one holding the ingest lock also writes: it
 * watches the corpus and ingests the files each change names, and
 * rescans the whole corpus every `watchedRescanMs` (every `rescanMs` when
 * watching fails). When the holder dies, another process takes the lock
 * over at its next heartbeat.
 */
export function openCorpusIndex(options: CorpusIndexOptions): CorpusIndex {
  const { logger } = options;
  const store = storeOf(options);
  const where = store.where;
  let writer: IndexHandle | undefined;
  let held = false;
  let beating: Promise<void> | undefined;
  let ingesting: Promise<IngestReport | undefined> | undefined;
  let lastIngestMs = Number.NEGATIVE_INFINITY;
  let lastWalkMs = 0;
  let closed = false;
  let watch: IndexWatch | undefined;
  let changesDue: NodeJS.Timeout | undefined;
  const health = createWriteHealth(logger, where, options.retryBaseMs ?? 5000);

  const ingestDeps = (db: IndexKysely) => ({
    db,
    ...('file' in options ? { file: options.file } : {}),
    root: options.root,
    logger,
    isHolder: () => held && !closed,
    beforeLayers: options.beforeLayers,
  });

  const ingestAll = async (db: IndexKysely): Promise<IngestReport> => {
    // The walk sees whatever the reported changes touched.
    watch?.take();
    const started = Date.now();
    const { report, dirs } = await ingestWalk(ingestDeps(db));
    lastIngestMs = Date.now();
    lastWalkMs = lastIngestMs - started;
    if (options.watch !== false && held && !closed) {
      watch ??= createIndexWatch(options.root, logger, () => scheduleChanges());
      if (watch.walked(dirs)) {
        // What changed while the walk ran raised no event: one more rescan finds it.
        lastIngestMs = Number.NEGATIVE_INFINITY;
      }
    }
    return report;
  };

  const ingestWatched = async (db: IndexKysely): Promise<IngestReport | undefined> => {
    if (health.hasFailingIngest()) {
      return undefined; // the retry is a full ingest, which finds these changes too
    }
    const pending = watch?.take();
    if (pending === undefined || watch === undefined) {
      return undefined;
    }
    if (pending.marks.dirtyDirs.has('')) {
      return ingestAll(db); // the root decides the layout: a walk of every directory
    }
    try {
      const { report, walk } = await ingestChanges(ingestDeps(db), pending.listings, pending.marks);
      watch.changed(walk, pending.listings);
      return report;
    } catch (err) {
      watch.restore(pending.marks);
      throw err;
    }
  };

  const runIngest = async (
    work: (db: IndexKysely) => Promise<IngestReport | undefined>,
  ): Promise<IngestReport | undefined> => {
    if (!held || closed) {
      return undefined;
    }
    try {
      writer ??= await store.openWriter(logger);
      const report = await work(writer.db);
      if (
        report !== undefined &&
        report.changedFiles + report.removedFiles + report.episodesBuilt > 0
      ) {
        logger.info({ index: where, ...report }, 'corpus index ingested');
      }
      if (report !== undefined) {
        health.succeeded('ingest');
      }
      await store.refresh();
      return report;
    } catch (err) {
      lastIngestMs = Date.now();
      if (!(err instanceof IngestLockLost)) {
        // Rolled back: readers keep the last committed index; the retry's full ingest redoes it.
        health.failed('ingest', err as Error);
      }
      return undefined;
    }
  };

  /** Runs `work` after the ingest under way, if any: one writer at a time. */
  const ingestOnce = (
    work: (db: IndexKysely) => Promise<IngestReport | undefined>,
  ): Promise<IngestReport | undefined> => {
    const next = (ingesting ?? Promise.resolve(undefined)).then(() => runIngest(work));
    const tracked = next.finally(() => {
      if (ingesting === tracked) {
        ingesting = undefined;
      }
    });
    ingesting = tracked;
    return tracked;
  };

  function scheduleChanges(): void {
    changesDue ??= setTimeout(() => {
      changesDue = undefined;
      void ingestOnce(ingestWatched);
    }, SETTLE_MS);
  }

  const dropWriter = () => {
    watch?.close();
    watch = undefined;
    const closing = writer;
    writer = undefined;
    void closing?.close().catch(() => undefined);
  };

  /** Whether this process holds the lock after this beat; false when the beat could not be written. */
  const beat = async (now: number): Promise<{ held: boolean; failed: boolean }> => {
    try {
      const isHeld = await store.beat(held, now);
      health.succeeded('lock');
      return { held: isHeld, failed: false };
    } catch (err) {
      // A full disk, a lock busy past its timeout or a lost connection: tried again at the next beat.
      health.failed('lock', err as Error);
      return { held: false, failed: true };
    }
  };

  const beatOnce = async () => {
    const now = Date.now();
    const wasHeld = held;
    const beaten = await beat(now);
    held = beaten.held;
    if (wasHeld && !held) {
      if (!beaten.failed) {
        logger.warn({ index: where }, 'corpus index ingest lock taken over by another process');
      }
      dropWriter();
    }
    if (held && !wasHeld) {
      logger.info({ index: where, holder: store.holder }, 'corpus index ingest lock taken');
      // Nothing was watched while another process (or nobody) held it: a full ingest now.
      lastIngestMs = Number.NEGATIVE_INFINITY;
    }
    if (closed) {
      return;
    }
    await store.refresh();
    const rescanMs =
      watch?.isActive() === true
        ? safetyRescanPauseMs(lastWalkMs, options.watchedRescanMs)
        : (options.rescanMs ?? 5000);
    const isDue = health.hasFailingIngest()
      ? health.isRetryDue(now)
      : now - lastIngestMs >= rescanMs;
    if (held && ingesting === undefined && isDue) {
      void ingestOnce(ingestAll);
    }
  };

  const tick = (): Promise<void> => {
    if (closed) {
      return Promise.resolve();
    }
    // A beat still under way (a slow server) is not overtaken by the next.
    beating ??= beatOnce().finally(() => {
      beating = undefined;
    });
    return beating;
  };

  // Requests waiting on a first build look again together, after one pause and one refresh.
  let looking: Promise<void> | undefined;
  const lookAgain = (): Promise<void> => {
    looking ??= new Promise<void>((done) => setTimeout(done, FIRST_BUILD_LOOK_MS))
      .then(() => store.refresh())
      .catch(() => undefined)
      .finally(() => {
        looking = undefined;
      });
    return looking;
  };

  const serving = async (needs: IndexNeeds): Promise<IndexView> => {
    const waitMs = options.firstBuildWaitMs;
    const deadline = waitMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + waitMs;
    for (;;) {
      const view = store.view();
      if (view !== undefined && (needs === 'catalog' || view.layers)) {
        return view;
      }
      if (closed || Date.now() >= deadline) {
        return servableNow(view, needs);
      }
      await lookAgain();
    }
  };

  const timer = setInterval(() => void tick(), options.heartbeatMs ?? 1000);
  timer.unref();
  void tick();

  return {
    location: 'url' in options ? { url: options.url } : { file: options.file },
    reader: () => store.view()?.db,
    view: () => store.view(),
    serving,
    isIngester: () => held,
    status: () => ({ ingester: held, ...health.status() }),
    async ingestNow() {
      // The first beat decides whether this process holds the lock.
      await beating;
      return ingestOnce(ingestAll);
    },
    async close() {
      closed = true;
      clearInterval(timer);
      clearTimeout(changesDue);
      watch?.close();
      await beating;
      await ingesting;
      if (held) {
        await store.release();
      }
      await writer?.close();
      await store.close();
    },
  };
}

/** The Retry-After of a request the index cannot answer before its first build's pass. */
const BUILDING_RETRY_AFTER_S = 5;

/** How often a request waiting on a first build looks at the index again. */
const FIRST_BUILD_LOOK_MS = 50;

/**
 * What an answer reads: the catalog (episode records, feeds, the list
 * filters on title, feed, date and cluster) or the layers too (insights,
 * quotes, speakers, topics).
 */
export type IndexNeeds = 'catalog' | 'layers';

/** `view` when it holds what the request needs, else the 503 of a first build under way. */
function servableNow(view: IndexView | undefined, needs: IndexNeeds): IndexView {
  if (view === undefined) {
    throw new CorpusLoading(BUILDING_RETRY_AFTER_S);
  }
  if (needs === 'layers' && !view.layers) {
    throw new CorpusLoading(BUILDING_RETRY_AFTER_S, 'layers');
  }
  return view;
}

/**
 * The view a request that `needs` so much of the index reads. While the
 * first build has not finished the pass it needs, the request waits as
 * long as a first projection load would (`firstBuildWaitMs`), then gets a
 * 503 with Retry-After (`CorpusLoading`, `'layers'` once the episodes are
 * served).
 */
export function servingView(index: CorpusIndex, needs: IndexNeeds): Promise<IndexView> {
  return index.serving(needs);
}

/**
 * The view once the first build has read the layers, for work off the
 * request path (the notification tick) that waits rather than answer 503;
 * past `maxWaitMs` it rejects with CorpusLoading, as a request would.
 */
export async function builtView(
  index: CorpusIndex,
  maxWaitMs: number,
  pollMs = 1000,
): Promise<IndexView> {
  const until = Date.now() + maxWaitMs;
  for (;;) {
    const view = index.view();
    if (view?.layers) {
      return view;
    }
    if (Date.now() >= until) {
      throw new CorpusLoading(Math.ceil(pollMs / 1000), 'layers');
    }
    await delay(Math.min(pollMs, Math.max(until - Date.now(), 1)));
  }
}

/** An app's index settings, as `corpusIndexConfigOf` of @podcast/runtime makes them. */
export interface CorpusIndexConfig {
  corpusDir: string;
  /** How long a request waits for a first build (CORPUS_LOAD_WAIT_MS); undefined: however long it takes. */
  firstLoadWaitMs: number | undefined;
  corpusIndexFile: string | undefined;
  corpusIndexUrl: string | undefined;
}

/**
 * The shared corpus's index as an app's config names it: in PostgreSQL
 * with a URL, in an SQLite file (its folder made) with a file, else none.
 * Both APIs open it here, so they share one index and one ingest lock.
 */
export function openConfiguredCorpusIndex(
  config: CorpusIndexConfig,
  logger: CorpusIndexOptions['logger'],
  timing: CorpusIndexTiming = {},
): CorpusIndex | undefined {
  const { corpusIndexUrl: url, corpusIndexFile: file, corpusDir: root } = config;
  const waits = { firstBuildWaitMs: config.firstLoadWaitMs, ...timing };
  if (url !== undefined) {
    return openCorpusIndex({ url, root, logger, ...waits });
  }
  if (file === undefined) {
    return undefined;
  }
  mkdirSync(dirname(file), { recursive: true });
  return openCorpusIndex({ file, root, logger, ...waits });
}

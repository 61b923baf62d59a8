import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from 'pino';
import type { IndexKysely } from './index-file.js';
import type { IndexHandle, IndexStore, IndexView } from './index-store.js';
import { type IngestReport, ingestCorpus } from './ingest.js';
import { openPgStore } from './pg-index.js';
import { openSqliteStore } from './sqlite-store.js';

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
  /** Pause between the ingester's rescans of the corpus (default 5 s). */
  rescanMs?: number;
}

export type CorpusIndexOptions = IndexLocation &
  CorpusIndexTiming & {
    /** The corpus root it indexes. */
    root: string;
    logger: Pick<Logger, 'warn' | 'info' | 'error'>;
  };

/** One process's view of a shared corpus index: it reads, and ingests while it holds the lock. */
export interface CorpusIndex {
  /** The read-only handle, or undefined until the index has finished its first build. */
  reader(): IndexKysely | undefined;
  /** The reader with its data version, or undefined until the first build has finished. */
  view(): IndexView | undefined;
  /** Whether this process holds the ingest lock now. */
  isIngester(): boolean;
  /** Runs an ingest now when this process holds the lock (after the one under way, if any). */
  ingestNow(): Promise<IngestReport | undefined>;
  close(): Promise<void>;
}

function storeOf(options: CorpusIndexOptions): IndexStore {
  return 'url' in options
    ? openPgStore(options.url, options.logger)
    : openSqliteStore(options.file, options.staleMs ?? 5000);
}

/**
 * Opens the index at `options.file` or `options.url` for one process.
 * Every process reads; the one holding the ingest lock also writes,
 * rescanning the corpus every `rescanMs`. When the holder dies, another
 * process takes the lock over at its next heartbeat.
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
  let closed = false;

  const runIngest = async (): Promise<IngestReport | undefined> => {
    if (!held || closed) {
      return undefined;
    }
    try {
      writer ??= await store.openWriter(logger);
      const report = await ingestCorpus({
        db: writer.db,
        root: options.root,
        logger,
        isHolder: () => held && !closed,
      });
      if (report.changedFiles + report.removedFiles + report.episodesBuilt > 0) {
        logger.info({ index: where, ...report }, 'corpus index ingested');
      }
      await store.refresh();
      return report;
    } catch (err) {
      logger.error({ index: where, err: (err as Error).message }, 'corpus index ingest failed');
      return undefined;
    } finally {
      lastIngestMs = Date.now();
    }
  };

  const ingestOnce = (): Promise<IngestReport | undefined> => {
    const next = (ingesting ?? Promise.resolve(undefined)).then(runIngest);
    const tracked = next.finally(() => {
      if (ingesting === tracked) {
        ingesting = undefined;
      }
    });
    ingesting = tracked;
    return tracked;
  };

  const dropWriter = () => {
    const closing = writer;
    writer = undefined;
    void closing?.close().catch(() => undefined);
  };

  const beat = async (now: number): Promise<boolean> => {
    try {
      return await store.beat(held, now);
    } catch (err) {
      // A lock busy past its timeout or a lost connection: not held this beat, tried again at the next.
      logger.warn({ index: where, err: (err as Error).message }, 'corpus index lock beat failed');
      return false;
    }
  };

  const beatOnce = async () => {
    const now = Date.now();
    const wasHeld = held;
    held = await beat(now);
    if (wasHeld && !held) {
      logger.warn({ index: where }, 'corpus index ingest lock taken over by another process');
      dropWriter();
    }
    if (held && !wasHeld) {
      logger.info({ index: where, holder: store.holder }, 'corpus index ingest lock taken');
    }
    if (closed) {
      return;
    }
    await store.refresh();
    if (held && ingesting === undefined && now - lastIngestMs >= (options.rescanMs ?? 5000)) {
      void ingestOnce();
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

  const timer = setInterval(() => void tick(), options.heartbeatMs ?? 1000);
  timer.unref();
  void tick();

  return {
    reader: () => store.view()?.db,
    view: () => store.view(),
    isIngester: () => held,
    async ingestNow() {
      // The first beat decides whether this process holds the lock.
      await beating;
      return ingestOnce();
    },
    async close() {
      closed = true;
      clearInterval(timer);
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

/** An app's index settings, as `corpusIndexConfigOf` of @podcast/runtime makes them. */
export interface CorpusIndexConfig {
  corpusDir: string;
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
  if (url !== undefined) {
    return openCorpusIndex({ url, root, logger, ...timing });
  }
  if (file === undefined) {
    return undefined;
  }
  mkdirSync(dirname(file), { recursive: true });
  return openCorpusIndex({ file, root, logger, ...timing });
}

import { statSync } from 'node:fs';
import type { Logger } from 'pino';
import {
  type IndexConnection,
  type IndexKysely,
  openIndexReader,
  openIndexWriter,
} from './index-file.js';
import { type IngestReport, ingestCorpus } from './ingest.js';
import { type IngestLock, openIngestLock } from './ingest-lock.js';

export interface CorpusIndexOptions {
  /** The index file (under DATA_DIR); the ingest lock sits beside it as `<file>.lock`. */
  file: string;
  /** The corpus root it indexes. */
  root: string;
  logger: Pick<Logger, 'warn' | 'info' | 'error'>;
  /** How often the holder renews the lock and the others try to take it (default 1 s). */
  heartbeatMs?: number;
  /** A heartbeat older than this is a dead holder's (default 5 s; a holder pid gone from this host at once). */
  staleMs?: number;
  /** Pause between the ingester's rescans of the corpus (default 5 s). */
  rescanMs?: number;
}

/** What a request reads: the read-only handle and an object that stands for the data it sees. */
export interface IndexView {
  db: IndexKysely;
  /**
   * The same object while no commit has landed since (SQLite's
   * `data_version`), a new one after: a key for answers cached per index state.
   */
  version: object;
}

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

/** Reader reopen checks (the file replaced by a rebuild) run at most this often. */
const REOPEN_CHECK_MS = 250;

function inodeOf(file: string): number | undefined {
  return statSync(file, { throwIfNoEntry: false })?.ino;
}

/**
 * Opens the index at `options.file` for one process. Every process reads
 * through its own read-only connection; the one holding the ingest lock
 * also writes, rescanning the corpus every `rescanMs`. When the holder
 * dies, another process takes the lock over at its next heartbeat.
 */
export function openCorpusIndex(options: CorpusIndexOptions): CorpusIndex {
  const { file, logger } = options;
  const lock: IngestLock = openIngestLock(`${file}.lock`, options.staleMs ?? 5000);
  let writer: IndexConnection | undefined;
  let held = false;
  let ingesting: Promise<IngestReport | undefined> | undefined;
  let lastIngestMs = Number.NEGATIVE_INFINITY;
  let closed = false;
  let read: { connection: IndexConnection; inode: number | undefined } | undefined;
  let version = { dataVersion: -1, token: {} as object };
  let lastViewDb: IndexKysely | undefined;
  let lastReadCheckMs = Number.NEGATIVE_INFINITY;

  const runIngest = async (): Promise<IngestReport | undefined> => {
    if (!held || closed) {
      return undefined;
    }
    try {
      writer ??= await openIndexWriter(file, logger);
      const report = await ingestCorpus({
        db: writer.db,
        root: options.root,
        logger,
        isHolder: () => held && !closed,
      });
      if (report.changedFiles + report.removedFiles + report.episodesBuilt > 0) {
        logger.info({ file, ...report }, 'corpus index ingested');
      }
      return report;
    } catch (err) {
      logger.error({ file, err: (err as Error).message }, 'corpus index ingest failed');
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
    void closing?.close();
  };

  const beat = (now: number): boolean => {
    try {
      return held ? lock.heartbeat(now) : lock.tryAcquire(now);
    } catch (err) {
      // A lock file busy past its timeout: not held this beat, tried again at the next.
      logger.warn({ file, err: (err as Error).message }, 'corpus index lock beat failed');
      return false;
    }
  };

  const tick = () => {
    if (closed) {
      return;
    }
    const now = Date.now();
    const wasHeld = held;
    held = beat(now);
    if (wasHeld && !held) {
      logger.warn({ file }, 'corpus index ingest lock taken over by another process');
      dropWriter();
    }
    if (held && !wasHeld) {
      logger.info({ file, holder: lock.holder }, 'corpus index ingest lock taken');
    }
    if (held && ingesting === undefined && now - lastIngestMs >= (options.rescanMs ?? 5000)) {
      void ingestOnce();
    }
  };

  const timer = setInterval(tick, options.heartbeatMs ?? 1000);
  timer.unref();
  tick();

  const reader = (): IndexKysely | undefined => {
    const now = Date.now();
    if (read !== undefined && now - lastReadCheckMs < REOPEN_CHECK_MS) {
      return read.connection.db;
    }
    lastReadCheckMs = now;
    const inode = inodeOf(file);
    if (read !== undefined && read.inode === inode) {
      return read.connection.db;
    }
    // A rebuild replaced the file (or it is not there yet): open it anew.
    void read?.connection.close();
    read = undefined;
    const connection = inode === undefined ? undefined : openIndexReader(file);
    read = connection && { connection, inode };
    return read?.connection.db;
  };

  const view = (): IndexView | undefined => {
    const db = reader();
    if (db === undefined || read === undefined) {
      return undefined;
    }
    const dataVersion = read.connection.raw.pragma('data_version', { simple: true }) as number;
    if (dataVersion !== version.dataVersion || db !== lastViewDb) {
      version = { dataVersion, token: {} };
      lastViewDb = db;
    }
    return { db, version: version.token };
  };
  return {
    reader,
    view,
    isIngester: () => held,
    ingestNow: () => ingestOnce(),
    async close() {
      closed = true;
      clearInterval(timer);
      await ingesting;
      if (held) {
        lock.release();
      }
      lock.close();
      await writer?.close();
      await read?.connection.close();
    },
  };
}

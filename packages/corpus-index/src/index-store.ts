import type { Logger } from 'pino';
import type { IndexKysely } from './index-file.js';

/** An open index for queries or for the ingester: the Kysely handle and how to let it go. */
export interface IndexHandle {
  db: IndexKysely;
  close(): Promise<void>;
}

/** What a request reads: the handle and an object that stands for the data it sees. */
export interface IndexView {
  db: IndexKysely;
  /**
   * The same object while no commit has landed since, a new one after: a
   * key for answers cached per index state.
   */
  version: object;
  /**
   * False while a first build reads the layers: the catalog (episode
   * records, feeds) is served, while answers that need insights, quotes,
   * speakers or topics are not yet there.
   */
  layers: boolean;
}

/**
 * One engine's side of a shared index (an SQLite file, or a PostgreSQL
 * database): its ingest lock, its writer and what readers see.
 * `openCorpusIndex` runs the same beat, ingest and rescan over either.
 */
export interface IndexStore {
  /** Where the index is, for logs (a URL without its password). */
  readonly where: string;
  /** This process's name in the lock, for logs. */
  readonly holder: string;
  /** Takes the lock when free, or keeps it when held; whether this process holds it now. */
  beat(held: boolean, nowMs: number): Promise<boolean>;
  /** The writer, opened (and the schema checked, rebuilt or migrated) by the lock's holder only. */
  openWriter(logger: Pick<Logger, 'warn'>): Promise<IndexHandle>;
  /** Looks again at what readers may serve (after a beat, after an ingest). */
  refresh(): Promise<void>;
  /** What readers serve now, or undefined until the first build's catalog pass has finished. */
  view(): IndexView | undefined;
  release(): Promise<void>;
  close(): Promise<void>;
}

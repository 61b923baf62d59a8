import { stat } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { IndexKysely } from './index-file.js';

export interface IngestDeps {
  db: IndexKysely;
  root: string;
  logger: Pick<Logger, 'warn'>;
  /** Checked before each transaction: false once another process took the ingest lock over. */
  isHolder?: () => boolean;
  /**
   * The SQLite file `db` writes, when it is one: a first build's layers
   * pass then hands its rows to a worker thread writing them (`rows-writer.ts`).
   */
  file?: string;
  /** Files or episodes per transaction. */
  batchSize?: number;
  /** From this many files to read, a first build's worker reads them ahead (default 2,000). */
  readAheadFrom?: number;
  /**
   * Awaited in a first build once the catalog is committed, before the
   * layers are read (tests hold the build here to see what readers serve).
   */
  beforeLayers?: () => Promise<void>;
}

export interface IngestReport {
  files: number;
  changedFiles: number;
  removedFiles: number;
  episodesBuilt: number;
  episodesDeleted: number;
  feedsRefreshed: number;
  /** Files a first build gave its read-ahead worker (0 for a small build, or another ingest). */
  filesReadAhead: number;
  /** Episodes a first build's layers pass had its worker write (0 when it wrote them itself). */
  episodesWrittenBehind: number;
}

/** Thrown when the ingest lock was lost mid-ingest; the new holder carries on. */
export class IngestLockLost extends Error {
  constructor() {
    super('the corpus index ingest lock was taken over by another process');
  }
}

const BATCH = 200;

/** Rows named per `in (…)` list: well under either engine's bound on bound parameters. */
const NAMES_PER_QUERY = 500;

export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    batches.push(items.slice(start, start + size));
  }
  return batches;
}

/** `items` in batches of the ingest's transaction size. */
export function ingestBatchesOf<T>(deps: IngestDeps, items: readonly T[]): T[][] {
  return batchesOf(items, deps.batchSize ?? BATCH);
}

/** `items` in lists short enough for one `in (…)`. */
export function nameListsOf<T>(items: Iterable<T>): T[][] {
  return batchesOf([...items], NAMES_PER_QUERY);
}

export function guard(deps: IngestDeps): void {
  if (deps.isHolder !== undefined && !deps.isHolder()) {
    throw new IngestLockLost();
  }
}

/** Thrown when the corpus root is gone while the index holds episodes; they are kept. */
export class CorpusRootMissing extends Error {
  constructor(root: string) {
    super(`corpus root ${root} is missing; the index keeps its episodes until it is back`);
  }
}

/**
 * Refuses to ingest a root that is not a directory while the index holds
 * episodes: an unmounted or renamed corpus would otherwise delete every row,
 * and its return would cost a whole first build. An existing empty root is
 * a corpus emptied on purpose, and is ingested as one.
 */
export async function assertRootPresent(deps: IngestDeps): Promise<void> {
  const isDir = await stat(deps.root).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (isDir) {
    return;
  }
  const held = await deps.db.selectFrom('episodes').select('id').limit(1).executeTakeFirst();
  if (held !== undefined) {
    throw new CorpusRootMissing(deps.root);
  }
}

import { existsSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { Kysely, Migrator, type SqliteDatabase, SqliteDialect } from 'kysely';
import type { Logger } from 'pino';
import { type Servable, servableOf } from './build-marks.js';
import { defectInWorker, SCHEMA_VERSION } from './index-check.js';
import { migrationProvider } from './migrations/index.js';
import type { CorpusIndexDb } from './schema.js';
import { isFromAnotherBoot, UNSYNCED_MARK } from './unsynced-build.js';

/** How long a statement waits for another process's lock before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

/** The WAL is truncated to this after a checkpoint; without a limit it keeps its largest size. */
const JOURNAL_SIZE_LIMIT = 64 * 1024 * 1024;

/**
 * The writer checkpoints once the WAL holds this many pages (the default is
 * 1,000): as many as the size above holds, so a first build's batches are
 * checkpointed a few at a time rather than each on its own.
 */
const WAL_AUTOCHECKPOINT_PAGES = JOURNAL_SIZE_LIMIT / 4096;

export { SCHEMA_VERSION };

export type IndexKysely = Kysely<CorpusIndexDb>;

/** An open index file: the Kysely handle and the raw connection under it. */
export interface IndexConnection {
  db: IndexKysely;
  raw: Database.Database;
  close(): Promise<void>;
}

/** Prepared statements kept per connection, the least recently used dropped first. */
const STATEMENTS_KEPT = 1000;

/**
 * The connection as Kysely's SQLite driver uses it, with its prepared
 * statements kept by SQL text: the driver prepares every query anew, while
 * the routes' queries and the ingest's full-sized inserts repeat the same
 * texts (a batch's shorter last insert per table is used once and is the
 * first to go). Kysely runs one query at a time on a connection and the
 * index never streams, so a kept statement is never in use twice.
 */
function keepingStatements(raw: Database.Database): SqliteDatabase {
  const kept = new Map<string, Database.Statement>();
  return {
    prepare(text: string) {
      let statement = kept.get(text);
      if (statement === undefined) {
        statement = raw.prepare(text);
        if (kept.size >= STATEMENTS_KEPT) {
          kept.delete(kept.keys().next().value as string);
        }
      } else {
        kept.delete(text);
      }
      kept.set(text, statement);
      return statement;
    },
    close: () => raw.close(),
  };
}

function connectionOf(raw: Database.Database): IndexConnection {
  const db = new Kysely<CorpusIndexDb>({
    dialect: new SqliteDialect({ database: keepingStatements(raw) }),
  });
  // Kysely's destroy closes the raw connection too.
  return { db, raw, close: () => db.destroy() };
}

/** Removes the index file and its WAL and shared-memory companions. */
export function deleteIndexFile(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    rmSync(`${file}${suffix}`, { force: true });
  }
}

/**
 * The writer's connection to `file`: an existing file is checked first (off
 * the event loop), and one that cannot be served is deleted and made anew.
 */
async function openChecked(file: string, logger: Pick<Logger, 'warn'>): Promise<Database.Database> {
  const defect = existsSync(file) ? await defectInWorker(file) : undefined;
  if (defect !== undefined) {
    logger.warn({ file, defect }, 'corpus index unusable: deleting it to build it again');
    deleteIndexFile(file);
  }
  const raw = new Database(file);
  const boot = unsyncedBootOf(raw);
  if (!isFromAnotherBoot(boot)) {
    return raw;
  }
  // quick_check reads what the disk kept, which can look whole and still lack a commit.
  logger.warn(
    { file, boot },
    'corpus index first build was cut off by a restart of the machine: building it again',
  );
  raw.close();
  deleteIndexFile(file);
  return new Database(file);
}

/** The boot id an unsynced first build of `raw` was marked with (`unsynced-build.ts`), if any. */
function unsyncedBootOf(raw: Database.Database): string | undefined {
  try {
    const row = raw.prepare('select value from index_meta where key = ?').get(UNSYNCED_MARK) as
      | { value: string }
      | undefined;
    return row?.value;
  } catch {
    // A new file has no index_meta yet.
    return undefined;
  }
}

/** Sorter threads of the writer's connection (SQLite's default is none besides its own). */
const INDEX_SORT_THREADS = 2;

function applyPragmas(raw: Database.Database): void {
  raw.pragma('journal_mode = WAL');
  raw.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  raw.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
  // NORMAL is durable across a process crash in WAL mode; a power cut may lose the last
  // commits, which the next ingest reads again from the files.
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
}

/**
 * A second writing connection to an index the lock's holder has opened
 * and migrated (`openIndexWriter`), for a worker thread writing its rows.
 */
export function openIndexConnection(file: string): IndexConnection {
  const raw = new Database(file, { fileMustExist: true });
  applyPragmas(raw);
  return connectionOf(raw);
}

/**
 * Opens the index for writing, which only the ingest lock's holder does. A
 * corrupt file or one of another schema version is deleted and made anew;
 * the migrations then bring the schema up and the version is recorded.
 */
export async function openIndexWriter(
  file: string,
  logger: Pick<Logger, 'warn'>,
): Promise<IndexConnection> {
  const raw = await openChecked(file, logger);
  applyPragmas(raw);
  // A first build makes its deferred indexes once its other threads have ended: a second
  // sorter thread uses the core they leave.
  raw.pragma(`threads = ${INDEX_SORT_THREADS}`);
  const connection = connectionOf(raw);
  const { error } = await new Migrator({
    db: connection.db,
    provider: migrationProvider,
  }).migrateToLatest();
  if (error !== undefined) {
    await connection.close();
    throw new Error(`corpus index migration failed: ${(error as Error).message}`);
  }
  raw.pragma(`user_version = ${SCHEMA_VERSION}`);
  return connection;
}

/** What a reader of `raw` may serve, from its build marks: nothing of an unsynced build of another boot. */
export function servableIn(raw: Database.Database): Servable {
  if (isFromAnotherBoot(unsyncedBootOf(raw))) {
    return 'nothing';
  }
  const rows = raw.prepare('select key from index_meta').pluck().all() as string[];
  return servableOf(new Set(rows));
}

/**
 * Opens the index read-only, or undefined while there is none to serve: no
 * file yet, another schema version, or a first build whose catalog pass
 * has not finished.
 */
export function openIndexReader(file: string): IndexConnection | undefined {
  let raw: Database.Database | undefined;
  try {
    raw = new Database(file, { readonly: true, fileMustExist: true });
    raw.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    if (raw.pragma('user_version', { simple: true }) !== SCHEMA_VERSION) {
      raw.close();
      return undefined;
    }
    if (servableIn(raw) === 'nothing') {
      raw.close();
      return undefined;
    }
    return connectionOf(raw);
  } catch {
    raw?.close();
    return undefined;
  }
}

import { type CorpusRegistry, type CorpusSnapshot, createCorpusRegistry } from '@podcast/corpus';
import { createTestDatabase } from '@podcast/testing';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Logger } from 'pino';
import {
  type IndexHandle,
  type IndexLocation,
  ingestCorpus,
  openIndexReader,
  openIndexWriter,
  openPgIndexReader,
  openPgIndexWriter,
  PG_SCHEMA,
} from '../src/index.js';

export type Dialect = 'sqlite' | 'postgres';

/** Every suite that states the index's answers runs on both engines. */
export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

/** Where a test keeps an index: a file in its scratch folder, or a throwaway PostgreSQL database. */
export interface IndexTarget {
  dialect: Dialect;
  location: IndexLocation;
  openWriter(logger: Logger): Promise<IndexHandle>;
  openReader(): Promise<IndexHandle | undefined>;
  /** Records another schema version in the stored index, as another release would have. */
  markVersion(version: number): Promise<void>;
  /** Drops the database (a file goes with its scratch folder). */
  remove(): Promise<void>;
}

async function runOn(url: string, statement: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/** An index target of `dialect`: `file` for SQLite, a fresh database for PostgreSQL. */
export async function indexTarget(dialect: Dialect, file: string): Promise<IndexTarget> {
  if (dialect === 'sqlite') {
    return {
      dialect,
      location: { file },
      openWriter: (logger) => openIndexWriter(file, logger),
      openReader: async () => openIndexReader(file),
      markVersion: async (version) => {
        const raw = new Database(file);
        raw.pragma(`user_version = ${version}`);
        raw.close();
      },
      remove: async () => {},
    };
  }
  // A locale that sorts 'a_b' before 'a-b' and 'a' before 'B': bytewise order must come from the schema.
  const database = await createTestDatabase(undefined, { icuLocale: 'en-US' });
  return {
    dialect,
    location: { url: database.url },
    openWriter: (logger) => openPgIndexWriter(database.url, logger),
    openReader: () => openPgIndexReader(database.url),
    markVersion: (version) =>
      runOn(
        database.url,
        `update ${PG_SCHEMA}.index_meta set value = $1 where key = 'schema_version'`,
        [String(version)],
      ),
    remove: () => database.close(),
  };
}

/** The answers of today's code: the snapshot of packages/corpus's registry. */
export async function loadSnapshot(
  root: string,
  logger: Logger,
): Promise<{ registry: CorpusRegistry; snapshot: CorpusSnapshot }> {
  const registry = createCorpusRegistry({ logger, watch: false });
  return { registry, snapshot: await registry.get(root) };
}

/** An index of `root` at `target`, ingested once. */
export async function buildIndex(
  target: IndexTarget,
  root: string,
  logger: Logger,
): Promise<IndexHandle> {
  const handle = await target.openWriter(logger);
  // On SQLite a build of 2,000 files or more has a worker write its layers, as the apps' builds do.
  const file = 'file' in target.location ? { file: target.location.file } : {};
  await ingestCorpus({ db: handle.db, ...file, root, logger });
  return handle;
}

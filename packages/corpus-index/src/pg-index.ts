import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Kysely, Migrator, PostgresDialect, type PostgresPoolClient, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { BUILT_MARK, CATALOG_MARK, servableOf } from './build-marks.js';
import { GENERATION_KEY, migratorOptionsOf, PG_SCHEMA } from './dialect.js';
import { type IndexKysely, SCHEMA_VERSION } from './index-file.js';
import type { IndexHandle, IndexStore, IndexView } from './index-store.js';
import { migrationProvider } from './migrations/index.js';
import type { CorpusIndexDb } from './schema.js';

/** The advisory lock's name (hashed to its key); advisory locks are per database. */
const LOCK_NAME = 'corpus_index ingest';

const INT8_OID = 20;
const CONNECT_TIMEOUT_MS = 5000;
const READER_POOL_SIZE = 4;

/**
 * The lock session's server-side idle limit: a holder that stops talking
 * (frozen, or cut off from the server) loses its session, and with it the
 * lock, after this. A holder that dies loses it at once, its socket closed.
 * It is well above the 1 s heartbeat so that a busy ingester keeps it.
 */
const LOCK_SESSION_IDLE_MS = 30_000;

/** The index_meta key of the schema version; readers also read the build marks and the generation. */
const VERSION_KEY = 'schema_version';

/**
 * A connection to the index's database: its search path is the index's
 * schema, and bigint columns read as numbers, as better-sqlite3 reads
 * SQLite's 64-bit integers.
 */
function connectionConfig(url: string) {
  const types = new pg.TypeOverrides();
  types.setTypeParser(INT8_OID, Number);
  return {
    connectionString: url,
    options: `-c search_path=${PG_SCHEMA}`,
    types,
    keepAlive: true,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  };
}

/** The URL without its password, for logs. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(an unparsable URL)';
  }
}

async function connectClient(url: string, onError: (err: Error) => void): Promise<pg.Client> {
  const client = new pg.Client(connectionConfig(url));
  // A session the server ends (idle limit, terminate, restart) emits 'error': unhandled it would end the process.
  client.on('error', onError);
  await client.connect();
  return client;
}

/** A Kysely over one client, which stays open when the Kysely is destroyed (its owner ends it). */
function kyselyOnClient(client: pg.Client): IndexKysely {
  const wrapped = {
    query: client.query.bind(client),
    release: () => {},
  } as unknown as PostgresPoolClient;
  return new Kysely<CorpusIndexDb>({
    dialect: new PostgresDialect({ pool: { connect: async () => wrapped, end: async () => {} } }),
  });
}

/** What a stored index is: fresh (no tables), or of some schema version ('' when unrecorded). */
async function storedVersionOf(db: IndexKysely): Promise<string | 'fresh'> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from pg_tables
    where schemaname = ${PG_SCHEMA}`.execute(db);
  if ((rows[0]?.n ?? 0) === 0) {
    return 'fresh';
  }
  const meta = await sql<{ value: string }>`select value from index_meta
    where key = ${VERSION_KEY}`
    .execute(db)
    .catch(() => ({ rows: [] }));
  return meta.rows[0]?.value ?? '';
}

/**
 * Brings the index's schema to this version on the writer's session: a
 * schema of another version is dropped whole and made anew, since the
 * index is derived from the files. PostgreSQL has no `quick_check`; its own
 * checksums and WAL answer for the pages, so only the version is checked.
 */
async function prepareSchema(db: IndexKysely, logger: Pick<Logger, 'warn'>): Promise<void> {
  await sql`create schema if not exists ${sql.id(PG_SCHEMA)}`.execute(db);
  const stored = await storedVersionOf(db);
  if (stored !== 'fresh' && stored !== String(SCHEMA_VERSION)) {
    logger.warn(
      { schema: PG_SCHEMA, defect: `schema version ${stored || 'unrecorded'}` },
      'corpus index unusable: dropping its schema to build it again',
    );
    await sql`drop schema ${sql.id(PG_SCHEMA)} cascade`.execute(db);
    await sql`create schema ${sql.id(PG_SCHEMA)}`.execute(db);
  }
  const { error } = await new Migrator({
    db,
    provider: migrationProvider,
    ...migratorOptionsOf(db as Kysely<unknown>),
  }).migrateToLatest();
  if (error !== undefined) {
    throw new Error(`corpus index migration failed: ${(error as Error).message}`);
  }
  await db
    .insertInto('index_meta')
    .values({ key: VERSION_KEY, value: String(SCHEMA_VERSION) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(SCHEMA_VERSION) }))
    .execute();
}

/**
 * Opens the index on PostgreSQL for writing on a session of its own, which
 * only the lock's holder does (`openCorpusIndex` writes on the lock's own
 * session). The schema is checked, rebuilt or migrated as on SQLite.
 */
export async function openPgIndexWriter(
  url: string,
  logger: Pick<Logger, 'warn'>,
): Promise<IndexHandle> {
  const client = await connectClient(url, () => undefined);
  const db = kyselyOnClient(client);
  try {
    await prepareSchema(db, logger);
  } catch (err) {
    await client.end();
    throw err;
  }
  return {
    db,
    close: async () => {
      await db.destroy();
      await client.end();
    },
  };
}

/** A pool of reader sessions, with the index's search path. */
function readerKysely(url: string, onError: (err: Error) => void): IndexKysely {
  const pool = new pg.Pool({ ...connectionConfig(url), max: READER_POOL_SIZE });
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return new Kysely<CorpusIndexDb>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * The generation readers may serve and whether the layers are built, or
 * undefined while there is nothing to serve: no schema yet, another schema
 * version, or a first build whose catalog pass has not finished.
 */
async function servableGeneration(
  db: IndexKysely,
): Promise<{ generation: string; layers: boolean } | undefined> {
  try {
    const rows = await db
      .selectFrom('index_meta')
      .select(['key', 'value'])
      .where('key', 'in', [VERSION_KEY, CATALOG_MARK, BUILT_MARK, GENERATION_KEY])
      .execute();
    const meta = new Map(rows.map((row) => [row.key, row.value]));
    const servable = servableOf(new Set(meta.keys()));
    if (meta.get(VERSION_KEY) !== String(SCHEMA_VERSION) || servable === 'nothing') {
      return undefined;
    }
    return { generation: meta.get(GENERATION_KEY) ?? '', layers: servable === 'all' };
  } catch {
    return undefined;
  }
}

/** Opens the index on PostgreSQL for reading, or undefined while there is none to serve. */
export async function openPgIndexReader(url: string): Promise<IndexHandle | undefined> {
  const db = readerKysely(url, () => undefined);
  if ((await servableGeneration(db)) === undefined) {
    await db.destroy();
    return undefined;
  }
  return { db, close: () => db.destroy() };
}

/**
 * The index in a PostgreSQL database, shared by processes on any number of
 * machines. The ingest lock is a session-level advisory lock held on a
 * session of its own, which is also the one the ingester writes on: when
 * the holder dies its session ends, the lock is free at once, and no write
 * can outlive the lock. Readers use a pool and poll the index's generation
 * at each beat in place of SQLite's `data_version`, so a cached answer may
 * outlive a commit by one beat.
 */
export function openPgStore(url: string, logger: Pick<Logger, 'warn'>): IndexStore {
  const where = redactedUrl(url);
  const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  const readers = readerKysely(url, (err) =>
    logger.warn({ index: where, err: err.message }, 'corpus index reader connection failed'),
  );
  let session: pg.Client | undefined;
  let served: { generation: string; layers: boolean; token: object } | undefined;

  const dropSession = () => {
    const ending = session;
    session = undefined;
    void ending?.end().catch(() => undefined);
  };

  const openSession = async (): Promise<pg.Client> => {
    const client = await connectClient(url, (err) => {
      logger.warn({ index: where, err: err.message }, 'corpus index lock session failed');
      if (session === client) {
        dropSession();
      }
    });
    session = client;
    // PostgreSQL 14 and later; an older server keeps a silent holder's session until TCP gives up.
    await client.query(`set idle_session_timeout = ${LOCK_SESSION_IDLE_MS}`).catch(() => undefined);
    return client;
  };

  const beat = async (held: boolean): Promise<boolean> => {
    try {
      if (held) {
        // A session-level advisory lock lasts as long as its session: a live session still holds it.
        await session?.query('select 1');
        return session !== undefined;
      }
      const client = session ?? (await openSession());
      const { rows } = await client.query<{ ok: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as ok',
        [LOCK_NAME],
      );
      return rows[0]?.ok === true;
    } catch (err) {
      dropSession();
      throw err;
    }
  };

  return {
    where,
    holder,
    beat: (held) => beat(held),
    async openWriter(writerLogger) {
      if (session === undefined) {
        throw new Error('the corpus index lock session is gone');
      }
      const db = kyselyOnClient(session);
      await prepareSchema(db, writerLogger);
      return { db, close: () => db.destroy() };
    },
    async refresh() {
      const now = await servableGeneration(readers);
      if (now === undefined) {
        served = undefined;
      } else if (served?.generation !== now.generation || served.layers !== now.layers) {
        served = { ...now, token: {} };
      }
    },
    view(): IndexView | undefined {
      return served && { db: readers, version: served.token, layers: served.layers };
    },
    async release() {
      await session
        ?.query('select pg_advisory_unlock(hashtext($1))', [LOCK_NAME])
        .catch(() => undefined);
    },
    async close() {
      const ending = session;
      session = undefined;
      await ending?.end().catch(() => undefined);
      await readers.destroy();
    },
  };
}

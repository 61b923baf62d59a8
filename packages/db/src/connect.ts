import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { Pool, TypeOverrides } from 'pg';
import type { DatabaseLogger } from './database-logger.js';
import { type Listen, pgliteListen, postgresListen } from './pg-listen.js';
import { PgliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type DatabaseOptions =
  | { url: string }
  | { pgliteDir: string }
  /** `from`: a data-directory dump (PGlite's `dumpDataDir`) to start from instead of an empty cluster. */
  | { pgliteMemory: true; from?: Blob };

export type DatabaseKind = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Subscribes to NOTIFY on one channel (LISTEN); see NotificationHandlers. */
  listen: Listen;
  /** Ends the pool or closes the embedded database; the handle is unusable afterwards. */
  close(): Promise<void>;
}

const POOL_SIZE = 10;
// A request waits at most this long for a connection while the server is away
// or every pooled one is busy, then fails (503): without it, a wait had no end.
const CONNECT_TIMEOUT_MS = 2000;
const INT8_OID = 20;

/**
 * int8 (count(), sum() over integers, bigserial ids) arrives as text. Our values
 * are counts and row ids far below 2^53, so they become plain numbers; anything
 * beyond Number.MAX_SAFE_INTEGER becomes a bigint rather than silently losing
 * digits. PGlite applies this same rule by default, so both backends agree.
 */
export function parseInt8(text: string): number | bigint {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
}

/** Opens PostgreSQL (pooled) or an embedded PGlite (on disk or in memory). */
export async function createDatabase(
  options: DatabaseOptions,
  logger?: DatabaseLogger,
): Promise<DatabaseHandle> {
  if ('url' in options) {
    return openPostgres(options.url, logger);
  }
  if ('pgliteDir' in options) {
    await mkdir(options.pgliteDir, { recursive: true });
    return openPglite(await PGlite.create({ dataDir: options.pgliteDir }), logger, {
      dataDir: options.pgliteDir,
    });
  }
  return openPglite(await PGlite.create({ loadDataDir: options.from }), logger, {
    dataDir: 'memory',
  });
}

function openPostgres(url: string, logger?: DatabaseLogger): DatabaseHandle {
  const types = new TypeOverrides();
  types.setTypeParser(INT8_OID, parseInt8);
  const pool = new Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    types,
  });
  // An idle client losing its server emits 'error' on the pool; unhandled, it
  // would crash the process. The pool replaces the client on next use.
  pool.on('error', (error) => {
    logger?.error({ err: error }, 'idle database connection failed');
  });
  // A client checked out when its server goes away (a restart) emits 'error'
  // with no pool listener attached, which ended the process: its query fails
  // on its own, and the pool drops the client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', listen: postgresListen(url, logger), close: () => db.destroy() };
}

async function openPglite(
  pglite: PGlite,
  logger: DatabaseLogger | undefined,
  details: { dataDir: string },
): Promise<DatabaseHandle> {
  await pglite.waitReady;
  logger?.info(details, 'embedded database ready');
  const db = new Kysely<Database>({ dialect: new PgliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    listen: pgliteListen(pglite, db as Kysely<unknown>),
    close: () => db.destroy(),
  };
}

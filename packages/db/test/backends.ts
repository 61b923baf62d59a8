import { afterAll, beforeAll } from '@jest/globals';
import { createTestDatabase } from '@podcast/testing';
import type { Kysely } from 'kysely';
import {
  createDatabase,
  type Database,
  type Listen,
  migrateDatabaseAt,
  migrateToLatest,
} from '../src/index.js';
import { migratedPgliteDump } from './pglite-dump.js';

/**
 * Opening PGlite takes seconds (WASM start, then initdb or a dump's load), and
 * the first suite of a run also makes the migrated dump: hooks that open one
 * get far more than the root config's timeout.
 */
export const OPEN_TIMEOUT_MS = 120_000;

export type BackendKind = 'postgres' | 'pglite';

/** Query-module suites run once per backend: the local server and in-memory PGlite. */
export const BACKENDS: readonly BackendKind[] = ['postgres', 'pglite'];

export interface Backend {
  db: Kysely<Database>;
  listen: Listen;
  close(): Promise<void>;
}

/** A throwaway database on the local server, opened with our driver; `close()` drops it. */
export async function openTestPostgres(options: { migrate: boolean }): Promise<Backend> {
  // A migrated database is a copy of one migrated once per run.
  const target = await createTestDatabase(
    undefined,
    options.migrate ? { template: { name: 'migrated', prepare: migrateDatabaseAt } } : {},
  );
  const { db, close, listen } = await createDatabase({ url: target.url });
  const drop = async () => {
    await close();
    await target.close();
  };
  if (options.migrate) {
    await migrateToLatest(db).catch(async (error: unknown) => {
      await drop();
      throw error;
    });
  }
  return { db, listen, close: drop };
}

export async function openBackend(kind: BackendKind): Promise<Backend> {
  if (kind === 'postgres') {
    return openTestPostgres({ migrate: true });
  }
  const { db, close, listen } = await createDatabase({
    pgliteMemory: true,
    from: await migratedPgliteDump(),
  });
  // A no-op on the dump, which is already at the latest migration.
  await migrateToLatest(db);
  return { db, listen, close };
}

let sequence = 0;

/** A fresh user per test keeps tests independent inside one database. */
export async function insertUser(db: Kysely<Database>): Promise<string> {
  sequence += 1;
  const id = `u_${sequence.toString(16).padStart(24, '0')}`;
  await db
    .insertInto('users')
    .values({ id, provider: 'test', provider_subject: `subject-${sequence}` })
    .execute();
  return id;
}

/**
 * Opens a `kind` backend in beforeAll and closes it in afterAll of the
 * enclosing describe; the returned object reads through to it once open.
 */
export function useBackend(kind: BackendKind): Backend {
  let opened: Backend | undefined;
  beforeAll(async () => {
    opened = await openBackend(kind);
  }, OPEN_TIMEOUT_MS);
  afterAll(async () => {
    await opened?.close();
  });
  const current = (): Backend => {
    if (opened === undefined) {
      throw new Error('the backend is used before beforeAll opened it');
    }
    return opened;
  };
  return {
    get db() {
      return current().db;
    },
    get listen() {
      return current().listen;
    },
    close: () => current().close(),
  };
}

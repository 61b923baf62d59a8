import type { Kysely } from 'kysely';
import {
  createDatabase,
  createTestDatabase,
  type Database,
  type Listen,
  migrateToLatest,
} from '../src/index.js';

/**
 * Opening PGlite takes ~4 s (WASM start and initdb), close to jest's 5 s default,
 * which the root config applies to every project; hooks that open one get more.
 */
export const OPEN_TIMEOUT_MS = 30_000;

export type BackendKind = 'postgres' | 'pglite';

/** Query-module suites run once per backend: the local server and in-memory PGlite. */
export const BACKENDS: readonly BackendKind[] = ['postgres', 'pglite'];

export interface Backend {
  db: Kysely<Database>;
  listen: Listen;
  close(): Promise<void>;
}

export async function openBackend(kind: BackendKind): Promise<Backend> {
  if (kind === 'postgres') {
    return createTestDatabase();
  }
  const { db, close, listen } = await createDatabase({ pgliteMemory: true });
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

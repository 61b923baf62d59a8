import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Client } from 'pg';
import { createDatabase } from './connect.js';
import { migrateToLatest } from './migrate.js';
import type { Listen } from './notifications.js';
import type { Database } from './schema.js';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  db: Kysely<Database>;
  /** Connection string of the fresh database. */
  url: string;
  name: string;
  /** LISTEN on the fresh database, as DatabaseHandle.listen. */
  listen: Listen;
  /** Closes the pool and drops the database, even while other sessions hold it open. */
  close(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Run the migrations before handing the database over (default true). */
  migrate?: boolean;
  /** A server login allowed to create databases; default TEST_DATABASE_ADMIN_URL or local postgres. */
  adminUrl?: string;
}

async function runAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A throwaway database on the real PostgreSQL server, one per test file:
 * create it in beforeAll, `close()` it in afterAll.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const adminUrl = options.adminUrl ?? process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL;
  const name = `podcast_test_${randomBytes(6).toString('hex')}`;
  await runAdmin(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { db, close, listen } = await createDatabase({ url: url.toString() });
  const drop = async () => {
    await close();
    await runAdmin(adminUrl, `drop database if exists "${name}" with (force)`);
  };
  if (options.migrate ?? true) {
    await migrateToLatest(db).catch(async (error: unknown) => {
      await drop();
      throw error;
    });
  }
  return { db, url: url.toString(), name, listen, close: drop };
}

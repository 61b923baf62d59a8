import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

// Test-only: read here rather than in an app's env.ts, so CI can point every
// suite at another server without touching any app's configuration.
const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  /** Connection string of the fresh, empty database (DATABASE_URL for an app under test). */
  url: string;
  name: string;
  /** Drops the database, even while other sessions still hold it open. */
  close(): Promise<void>;
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

export interface TestDatabaseOptions {
  /**
   * An ICU locale (e.g. `en-US`) for the database's default collation, so
   * that a query which needs bytewise text order cannot pass by the
   * server's C locale alone.
   */
  icuLocale?: string;
}

function localeClause(icuLocale: string | undefined): string {
  if (icuLocale === undefined) {
    return '';
  }
  if (!/^[A-Za-z0-9-]+$/.test(icuLocale)) {
    throw new Error(`not an ICU locale name: ${icuLocale}`);
  }
  return ` template template0 locale_provider icu icu_locale '${icuLocale}'`;
}

/**
 * A throwaway database on the real PostgreSQL server, one per test file:
 * create it in beforeAll, `close()` it in afterAll. It starts empty; whoever
 * connects migrates it (an app's context builder does, as in production;
 * packages/db's tests do it themselves). This package does not depend on
 * @podcast/db, whose own tests use it (a dependency cycle otherwise).
 *
 * @param adminUrl a login allowed to create databases; default TEST_DATABASE_ADMIN_URL or local postgres
 * @param options the database's collation, when a test needs one other than the server's
 */
export async function createTestDatabase(
  adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL,
  options: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const name = `podcast_test_${randomBytes(6).toString('hex')}`;
  await runAdmin(adminUrl, `create database "${name}"${localeClause(options.icuLocale)}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    close: () => runAdmin(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}

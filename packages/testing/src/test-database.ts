import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { testRunId } from './test-run.js';

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
  /**
   * Starts the database as a copy of one prepared once per test run (made by
   * `prepare` on first use, under an advisory lock so parallel workers make
   * it once): a copy costs a fraction of running every migration again.
   */
  template?: DatabaseTemplate;
}

/** A prepared database to copy: `name` tells templates of one run apart. */
export interface DatabaseTemplate {
  name: string;
  /** Brings the empty database at `url` to the state every copy starts in, then closes its connections. */
  prepare(url: string): Promise<void>;
}

/** The prefix of every template database of the run `runId`. */
export function templatePrefixOf(runId: string): string {
  return `podcast_tmpl_${runId}_`;
}

function urlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The template's name, made by its first caller of the run. */
async function ensureTemplate(adminUrl: string, template: DatabaseTemplate): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(template.name)) {
    throw new Error(`not a template name: ${template.name}`);
  }
  const name = `${templatePrefixOf(testRunId())}${template.name}`;
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // Session-level: released when this connection ends, whatever happens.
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await client.query(`drop database if exists "${building}" with (force)`);
      await client.query(`create database "${building}"`);
      await template.prepare(urlOf(adminUrl, building));
      // Renamed only once whole, so a copy never starts from a half-made template.
      await client.query(`alter database "${building}" rename to "${name}"`);
    }
    return name;
  } finally {
    await client.end();
  }
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
  if (options.template !== undefined && options.icuLocale !== undefined) {
    throw new Error(
      'a template database carries its own locale: pass one of icuLocale and template',
    );
  }
  const name = `podcast_test_${randomBytes(6).toString('hex')}`;
  const from =
    options.template === undefined
      ? localeClause(options.icuLocale)
      : ` template "${await ensureTemplate(adminUrl, options.template)}"`;
  await runAdmin(adminUrl, `create database "${name}"${from}`);
  // A test database need not outlive a crash of the server: commits skip
  // waiting for the WAL flush, which on a slow disk is most of a write's time.
  await runAdmin(adminUrl, `alter database "${name}" set synchronous_commit = off`);
  return {
    url: urlOf(adminUrl, name),
    name,
    close: () => runAdmin(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}

/** Drops the template databases of the run `runId` (the jest global teardown). */
export async function dropTemplatesOf(
  runId: string,
  adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL,
): Promise<string[]> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const prefix = templatePrefixOf(runId);
    const found = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of found.rows) {
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
    return found.rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

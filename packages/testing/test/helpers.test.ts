import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import {
  copyOfGenerated,
  copySampleCorpus,
  createRedisPrefix,
  createScratch,
  createTestDatabase,
  dropTemplatesOf,
} from '../src/index.js';

async function databaseExists(name: string): Promise<boolean> {
  const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    return found.rowCount === 1;
  } finally {
    await client.end();
  }
}

describe('createTestDatabase', () => {
  it('creates a database its url connects to and drops it on close, connections and all', async () => {
    const database = await createTestDatabase();
    const other = await createTestDatabase();
    expect(other.name).not.toBe(database.name);
    await other.close();
    const client = new Client({ connectionString: database.url });
    // Dropping the database terminates this session; that error is expected.
    client.on('error', () => undefined);
    await client.connect();
    const current = await client.query<{ name: string }>('select current_database() as name');
    expect(current.rows[0]?.name).toBe(database.name);
    await database.close();
    await client.end().catch(() => undefined);
    expect(await databaseExists(database.name)).toBe(false);
  });
});

async function tablesOf(url: string): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query<{ name: string; commit: string }>(
      `select table_name as name, current_setting('synchronous_commit') as commit
         from information_schema.tables where table_schema = 'public'`,
    );
    return found.rows.map((row) => `${row.name}:${row.commit}`);
  } finally {
    await client.end();
  }
}

describe('createTestDatabase from a template', () => {
  it('prepares the template once per run, copies it, and the teardown drops it', async () => {
    // A run of its own: dropping the real run's templates would pull them from under other suites.
    const outer = process.env.PODCAST_TEST_RUN;
    const runId = `check${Date.now().toString(36)}`;
    process.env.PODCAST_TEST_RUN = runId;
    let prepared = 0;
    const template = {
      name: 'helpers_check',
      async prepare(url: string) {
        prepared += 1;
        const client = new Client({ connectionString: url });
        await client.connect();
        await client.query('create table prepared (id int)');
        await client.end();
      },
    };
    const [first, second] = await Promise.all([
      createTestDatabase(undefined, { template }),
      createTestDatabase(undefined, { template }),
    ]);
    try {
      expect(prepared).toBe(1);
      // Each copy has the prepared table and skips the WAL flush wait on commit.
      expect(await tablesOf(first?.url ?? '')).toEqual(['prepared:off']);
      expect(await tablesOf(second?.url ?? '')).toEqual(['prepared:off']);
      await expect(createTestDatabase(undefined, { template, icuLocale: 'en-US' })).rejects.toThrow(
        /one of icuLocale and template/,
      );
    } finally {
      if (outer === undefined) {
        delete process.env.PODCAST_TEST_RUN;
      } else {
        process.env.PODCAST_TEST_RUN = outer;
      }
      await first?.close();
      await second?.close();
    }
    const name = `podcast_tmpl_${runId}_helpers_check`;
    expect(await databaseExists(name)).toBe(true);
    expect(await dropTemplatesOf(runId)).toContain(name);
    expect(await databaseExists(name)).toBe(false);
  });
});

describe('copyOfGenerated', () => {
  it('generates once per run under its key and gives each caller its own copy', async () => {
    const scratch = createScratch('generated-copy');
    let generated = 0;
    const generate = async (out: string) => {
      generated += 1;
      writeFileSync(join(out, 'episode.json'), '{"n":1}');
    };
    try {
      const a = await copyOfGenerated('helpers-check', generate, join(scratch.dir, 'a'));
      const b = await copyOfGenerated('helpers-check', generate, join(scratch.dir, 'b'));
      expect(generated).toBe(1);
      writeFileSync(join(a, 'episode.json'), 'changed');
      expect(readFileSync(join(b, 'episode.json'), 'utf8')).toBe('{"n":1}');
      await expect(copyOfGenerated('../up', generate, join(scratch.dir, 'c'))).rejects.toThrow(
        /not a generated-corpus key/,
      );
    } finally {
      scratch.remove();
    }
  });
});

describe('createRedisPrefix', () => {
  it('gives each call its own prefix and deletes only its keys on close', async () => {
    const mine = createRedisPrefix();
    const other = createRedisPrefix();
    expect(mine.prefix).not.toBe(other.prefix);
    const redis = new Redis(mine.url);
    try {
      await redis.set(`${mine.prefix}a`, '1');
      await redis.set(`${mine.prefix}b:c`, '2');
      await redis.set(`${other.prefix}a`, '3');
      await mine.close();
      expect(await redis.exists(`${mine.prefix}a`, `${mine.prefix}b:c`)).toBe(0);
      expect(await redis.get(`${other.prefix}a`)).toBe('3');
    } finally {
      await other.close();
      redis.disconnect();
    }
  });
});

describe('copySampleCorpus', () => {
  it('copies the sample into a scratch folder that remove() deletes', async () => {
    const copy = copySampleCorpus('testing-helpers');
    expect(copy.corpusDir).toBe(join(copy.dir, 'corpus'));
    expect(existsSync(join(copy.corpusDir, 'feeds'))).toBe(true);
    copy.remove();
    expect(existsSync(copy.dir)).toBe(false);
  });
});

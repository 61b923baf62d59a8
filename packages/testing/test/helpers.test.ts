import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { copySampleCorpus, createRedisPrefix, createTestDatabase } from '../src/index.js';

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

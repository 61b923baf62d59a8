import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface RedisPrefix {
  /** Unique per call, e.g. `podcast_test_3f9a0c1b2d4e:`; give it to BullMQ's `prefix` or key names. */
  prefix: string;
  /** The server the keys live on. */
  url: string;
  /** Runs `use` on a connection of its own, closed after (a test that sets a key by hand). */
  withClient<T>(use: (redis: Redis) => Promise<T>): Promise<T>;
  /** Deletes every key under the prefix. */
  close(): Promise<void>;
}

/**
 * A key prefix of its own for one test file on the real Redis server (default
 * TEST_REDIS_URL or the local one): create it in beforeAll, `close()` it in
 * afterAll so the run leaves no keys behind.
 */
export function createRedisPrefix(
  url = process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL,
): RedisPrefix {
  const prefix = `podcast_test_${randomBytes(6).toString('hex')}:`;
  return {
    prefix,
    url,
    withClient: (use) => withClient(url, use),
    close: () => withClient(url, (redis) => deleteKeys(redis, prefix)),
  };
}

async function withClient<T>(url: string, use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  try {
    return await use(redis);
  } finally {
    redis.disconnect();
  }
}

async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) {
      await redis.unlink(...keys);
    }
    cursor = next;
  } while (cursor !== '0');
}

import { describe, expect, it } from '@jest/globals';
import { MAX_PUSH_SUBSCRIPTIONS } from '@podcast/contracts';
import { Migrator, sql } from 'kysely';
import {
  deletePushSubscription,
  listPushSubscriptions,
  migrateToLatest,
  pushEndpointKey,
  savePushSubscription,
} from '../src/index.js';
import { migrationProvider } from '../src/migrations/index.js';
import { BACKENDS, insertUser, openTestPostgres, useBackend } from './backends.js';
import { at } from './clock.js';

const web = (endpoint: string) => ({ endpoint, keys: { p256dh: 'k', auth: 'a' } });

describe('pushEndpointKey', () => {
  it.each([
    ['https://push.example.net/send/a?x=1#f', 'https://push.example.net/send/a'],
    ['https://PUSH.Example.net:443/send/a', 'https://push.example.net/send/a'],
    ['https://push.example.net:8443/send/a', 'https://push.example.net:8443/send/a'],
    ['nativepush://device-token', 'nativepush://device-token'],
  ])('keys %s as %s', (endpoint, key) => {
    expect(pushEndpointKey(endpoint)).toBe(key);
  });
});

describe.each(BACKENDS)('push subscriptions on %s', (kind) => {
  const backend = useBackend(kind);
  const endpoints = async (userId: string) =>
    (await listPushSubscriptions(backend.db, [userId])).map((row) => row.endpoint).sort();

  it('keeps at most 20 per user, a new one replacing the oldest', async () => {
    const user = await insertUser(backend.db);
    const counts: number[] = [];
    for (let n = 0; n < 25; n++) {
      const endpoint = `https://victim.example/hook/${n}`;
      counts.push(await savePushSubscription(backend.db, user, endpoint, web(endpoint), at(n)));
    }
    expect(MAX_PUSH_SUBSCRIPTIONS).toBe(20);
    expect(counts.slice(18)).toEqual([19, 20, 20, 20, 20, 20, 20]);
    const kept = Array.from({ length: 20 }, (_, n) => `https://victim.example/hook/${n + 5}`);
    expect(await endpoints(user)).toEqual(kept.sort());
  });

  it('re-subscribing a kept endpoint at the cap replaces nothing else', async () => {
    const user = await insertUser(backend.db);
    for (let n = 0; n < 20; n++) {
      const endpoint = `https://push.example.net/s/${n}`;
      await savePushSubscription(backend.db, user, endpoint, web(endpoint), at(n));
    }
    const again = 'https://push.example.net/s/0?renewed=1';
    expect(await savePushSubscription(backend.db, user, again, web(again), at(30))).toBe(20);
    const stored = await endpoints(user);
    expect(stored).toHaveLength(20);
    expect(stored).toContain(again);
    expect(stored).not.toContain('https://push.example.net/s/0');
  });

  it('deduplicates on origin plus path: query, fragment, host case and default port', async () => {
    const user = await insertUser(backend.db);
    const variants = [
      'https://victim.example/p?1',
      'https://victim.example/p?2',
      'https://VICTIM.example:443/p#x',
    ];
    for (const [n, endpoint] of variants.entries()) {
      expect(await savePushSubscription(backend.db, user, endpoint, web(endpoint), at(n))).toBe(1);
    }
    const [row] = await listPushSubscriptions(backend.db, [user]);
    expect(row?.endpoint).toBe('https://VICTIM.example:443/p#x');
    expect(row?.subscription).toEqual(web('https://VICTIM.example:443/p#x'));
    expect(await deletePushSubscription(backend.db, user, 'https://victim.example/p')).toBe(false);
    expect(
      await deletePushSubscription(backend.db, user, 'https://victim.example/p', { sameKey: true }),
    ).toBe(true);
  });
});

describe('push subscriptions under concurrency (PostgreSQL)', () => {
  const backend = useBackend('postgres');

  it('counts the cap under the user lock: 60 racing subscribes leave 20', async () => {
    const user = await insertUser(backend.db);
    const counts = await Promise.all(
      Array.from({ length: 60 }, (_, n) => {
        const endpoint = `https://victim.example/race/${n}`;
        return savePushSubscription(backend.db, user, endpoint, web(endpoint), at(n));
      }),
    );
    expect(Math.max(...counts)).toBe(20);
    expect(await listPushSubscriptions(backend.db, [user])).toHaveLength(20);
  });
});

describe('the migration to keyed subscriptions', () => {
  it('keeps the newest row of each key and the newest 20 per user', async () => {
    const target = await openTestPostgres({ migrate: false });
    try {
      const migrator = new Migrator({ db: target.db, provider: migrationProvider });
      const { error } = await migrator.migrateTo('202611281417_users_email_verified');
      expect(error).toBeUndefined();
      const user = await insertUser(target.db);
      const rows = [
        ...Array.from({ length: 30 }, (_, n) => [`https://victim.example/m/${n}`, n] as const),
        ['https://victim.example/m/29?dup=1', 31] as const,
        ['https://victim.example/m/29?dup=0', 30] as const,
      ];
      for (const [endpoint, minute] of rows) {
        await sql`insert into push_subscriptions (user_id, endpoint, subscription, created_at)
          values (${user}, ${endpoint}, ${JSON.stringify(web(endpoint))}, ${at(minute)})`.execute(
          target.db,
        );
      }
      await migrateToLatest(target.db);
      const kept = (await listPushSubscriptions(target.db, [user])).map((row) => row.endpoint);
      expect(kept).toHaveLength(20);
      expect(kept).toContain('https://victim.example/m/29?dup=1');
      expect(kept).not.toContain('https://victim.example/m/29');
      expect(kept).not.toContain('https://victim.example/m/29?dup=0');
      expect(kept).toContain('https://victim.example/m/10');
      expect(kept).not.toContain('https://victim.example/m/9');
    } finally {
      await target.close();
    }
  });
});

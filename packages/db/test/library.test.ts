import { describe, expect, it } from '@jest/globals';
import { listSubscriptions, subscribe, subscribeMany, unsubscribe } from '../src/index.js';
import { BACKENDS, insertUser, useBackend } from './backends.js';
import { at } from './clock.js';

describe.each(BACKENDS)('library on %s', (kind) => {
  const backend = useBackend(kind);

  it('reports a first subscription as new and a repeat as not new', async () => {
    const user = await insertUser(backend.db);
    expect(await subscribe(backend.db, user, 'feed-a', at(1))).toBe(true);
    expect(await subscribe(backend.db, user, 'feed-a', at(2))).toBe(false);
    expect(await listSubscriptions(backend.db, user)).toEqual([
      { feed_id: 'feed-a', created_at: at(1).toISOString() },
    ]);
  });

  it('lists subscriptions oldest first', async () => {
    const user = await insertUser(backend.db);
    await subscribe(backend.db, user, 'feed-z', at(1));
    await subscribe(backend.db, user, 'feed-b', at(2));
    await subscribe(backend.db, user, 'feed-m', at(3));
    const list = await listSubscriptions(backend.db, user);
    expect(list.map((item) => item.feed_id)).toEqual(['feed-z', 'feed-b', 'feed-m']);
  });

  it('unsubscribes and reports whether there was anything to remove', async () => {
    const user = await insertUser(backend.db);
    await subscribe(backend.db, user, 'feed-a', at(1));
    expect(await unsubscribe(backend.db, user, 'feed-a')).toBe(true);
    expect(await unsubscribe(backend.db, user, 'feed-a')).toBe(false);
    expect(await listSubscriptions(backend.db, user)).toEqual([]);
  });

  it('imports many feeds at once, returning only the ids it inserted, in input order', async () => {
    const user = await insertUser(backend.db);
    await subscribe(backend.db, user, 'feed-a', at(1));
    const added = await subscribeMany(
      backend.db,
      user,
      ['feed-c', 'feed-a', 'feed-b', 'feed-c'],
      at(2),
    );
    expect(added).toEqual(['feed-c', 'feed-b']);
    const list = await listSubscriptions(backend.db, user);
    expect(list.map((item) => item.feed_id).sort()).toEqual(['feed-a', 'feed-b', 'feed-c']);
    expect(await subscribeMany(backend.db, user, ['feed-b', 'feed-a'], at(3))).toEqual([]);
    expect(await subscribeMany(backend.db, user, [], at(3))).toEqual([]);
  });

  it('imports more feeds than fit in one statement', async () => {
    const user = await insertUser(backend.db);
    // Two chunks of 1,000 rows, up to the 2,000-show cap exactly.
    const feeds = Array.from({ length: 1999 }, (_, index) => `feed-${index}`);
    expect(await subscribeMany(backend.db, user, feeds, at(1))).toEqual(feeds);
    expect(await listSubscriptions(backend.db, user)).toHaveLength(1999);
    expect(await subscribeMany(backend.db, user, [...feeds, 'feed-new'], at(2))).toEqual([
      'feed-new',
    ]);
    // Past the cap nothing of the call is stored.
    await expect(subscribeMany(backend.db, user, ['feed-a', 'feed-b'], at(3))).rejects.toThrow(
      /at most 2000/,
    );
    expect(await listSubscriptions(backend.db, user)).toHaveLength(2000);
  });

  it('hands each feed to exactly one of several racing imports, whatever their order', async () => {
    // A full chunk in opposite orders: on PostgreSQL, inserts taking their row locks in the
    // caller's order deadlocked in most runs of this test.
    const feeds = Array.from({ length: 1000 }, (_, index) => `feed-${index}`);
    for (let round = 0; round < 10; round++) {
      const user = await insertUser(backend.db);
      await subscribe(backend.db, user, 'feed-0', at(1));
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          subscribeMany(backend.db, user, index % 2 === 0 ? feeds : [...feeds].reverse(), at(2)),
        ),
      );
      expect(results.flat().sort()).toEqual(feeds.slice(1).sort());
      const list = await listSubscriptions(backend.db, user);
      expect(list.map((item) => item.feed_id).sort()).toEqual([...feeds].sort());
    }
  });
});

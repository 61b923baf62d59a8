import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { listSubscriptions, subscribe, subscribeMany, unsubscribe } from '../src/index.js';
import { BACKENDS, type Backend, insertUser, OPEN_TIMEOUT_MS, openBackend } from './backends.js';

const T0 = new Date('2026-03-10T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describe.each(BACKENDS)('library on %s', (kind) => {
  let backend: Backend;

  beforeAll(async () => {
    backend = await openBackend(kind);
  }, OPEN_TIMEOUT_MS);
  afterAll(async () => {
    await backend.close();
  });

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

  it('imports many feeds at once, counting only the new ones', async () => {
    const user = await insertUser(backend.db);
    await subscribe(backend.db, user, 'feed-a', at(1));
    const added = await subscribeMany(
      backend.db,
      user,
      ['feed-a', 'feed-b', 'feed-c', 'feed-b'],
      at(2),
    );
    expect(added).toBe(2);
    const list = await listSubscriptions(backend.db, user);
    expect(list.map((item) => item.feed_id).sort()).toEqual(['feed-a', 'feed-b', 'feed-c']);
    expect(await subscribeMany(backend.db, user, [], at(3))).toBe(0);
  });

  it('imports more feeds than fit in one statement', async () => {
    const user = await insertUser(backend.db);
    const feeds = Array.from({ length: 2500 }, (_, index) => `feed-${index}`);
    expect(await subscribeMany(backend.db, user, feeds, at(1))).toBe(2500);
    expect(await listSubscriptions(backend.db, user)).toHaveLength(2500);
  });
});

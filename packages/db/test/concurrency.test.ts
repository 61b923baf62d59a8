import { describe, expect, it } from '@jest/globals';
import {
  addInterest,
  getQueue,
  listFavorites,
  listInterests,
  listSubscriptions,
  replaceInterests,
  replaceQueue,
  saveFavorite,
  subscribe,
  upsertUserFromProvider,
} from '../src/index.js';
import { BACKENDS, insertUser, useBackend } from './backends.js';
import { T0 } from './clock.js';

const PARALLEL = 20;

function inParallel<T>(call: (index: number) => Promise<T>): Promise<PromiseSettledResult<T>[]> {
  return Promise.allSettled(Array.from({ length: PARALLEL }, (_, index) => call(index)));
}

function rejections(results: PromiseSettledResult<unknown>[]): unknown[] {
  return results
    .filter((r) => r.status === 'rejected')
    .map((r) => (r as PromiseRejectedResult).reason);
}

describe.each(BACKENDS)('concurrent writes on %s', (kind) => {
  const backend = useBackend(kind);

  it('creates one user from 20 simultaneous first logins of the same account', async () => {
    const profile = { provider: 'oidc', subject: 'racer', email: 'r@example.com', name: 'R' };
    const results = await inParallel(() => upsertUserFromProvider(backend.db, profile, T0));
    expect(rejections(results)).toEqual([]);
    const ids = new Set(results.map((r) => (r.status === 'fulfilled' ? r.value.id : '')));
    expect(ids.size).toBe(1);
    const rows = await backend.db
      .selectFrom('users')
      .select('id')
      .where('provider_subject', '=', 'racer')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('stores one subscription from 20 simultaneous subscribes, exactly one reported new', async () => {
    const user = await insertUser(backend.db);
    const results = await inParallel(() => subscribe(backend.db, user, 'feed-a', T0));
    expect(rejections(results)).toEqual([]);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value)).toHaveLength(1);
    expect(await listSubscriptions(backend.db, user)).toHaveLength(1);
  });

  it('stores one favorite from 20 simultaneous saves', async () => {
    const user = await insertUser(backend.db);
    const results = await inParallel((index) =>
      saveFavorite(backend.db, user, { kind: 'insight', ref: 'ins-1', extra: { index } }, T0),
    );
    expect(rejections(results)).toEqual([]);
    const { insights } = await listFavorites(backend.db, user);
    expect(insights).toHaveLength(1);
    expect(insights[0]?.index).toEqual(expect.any(Number));
  });

  it('stores one interest from 20 simultaneous follows', async () => {
    const user = await insertUser(backend.db);
    const results = await inParallel(() => addInterest(backend.db, user, 'topic:ai', T0));
    expect(rejections(results)).toEqual([]);
    expect(await listInterests(backend.db, user)).toEqual({ items: ['topic:ai'] });
  });

  it('ends 20 simultaneous queue replacements with one submitted list intact', async () => {
    const user = await insertUser(backend.db);
    const lists = Array.from({ length: PARALLEL }, (_, index) =>
      Array.from({ length: 5 + (index % 4) }, (_, position) => `ep-${index}-${position}`),
    );
    const results = await inParallel((index) => replaceQueue(backend.db, user, lists[index] ?? []));
    expect(rejections(results)).toEqual([]);
    const { items } = await getQueue(backend.db, user);
    expect(lists).toContainEqual(items);
  });

  it('ends 20 simultaneous interest replacements with one submitted set intact', async () => {
    const user = await insertUser(backend.db);
    const sets = Array.from({ length: PARALLEL }, (_, index) => [`tc:${index}-a`, `tc:${index}-b`]);
    const results = await inParallel((index) =>
      replaceInterests(backend.db, user, sets[index] ?? [], T0),
    );
    expect(rejections(results)).toEqual([]);
    const { items } = await listInterests(backend.db, user);
    expect(sets).toContainEqual(items);
  });
});

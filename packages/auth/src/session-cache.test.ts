import { describe, expect, it } from '@jest/globals';
import type { ActiveSession } from '@podcast/db';
import { createSessionCache } from './session-cache.js';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

function active(id: string, expiresAt = at(3_600_000)): ActiveSession {
  const user = {
    id: 'u_1',
    email: null,
    email_verified: false,
    name: null,
    provider: 'test',
    provider_subject: 's',
    created_at: T0.toISOString(),
    updated_at: T0.toISOString(),
  };
  return {
    user,
    session: {
      id,
      user_id: user.id,
      created_at: T0.toISOString(),
      expires_at: expiresAt.toISOString(),
      revoked_at: null,
    },
  };
}

function liveCache(options = {}) {
  const cache = createSessionCache(options);
  cache.setLive(true);
  return cache;
}

describe('session cache', () => {
  it('answers a stored session until its time to live runs out', () => {
    const cache = liveCache({ ttlMs: 1000 });
    cache.set('s1', active('s1'), T0, cache.stamp());
    expect(cache.get('s1', at(999))?.session.id).toBe('s1');
    expect(cache.get('s1', at(1000))).toBeUndefined();
  });

  it('never trusts an entry past the session’s own expiry', () => {
    const cache = liveCache({ ttlMs: 60_000 });
    cache.set('s1', active('s1', at(500)), T0, cache.stamp());
    expect(cache.get('s1', at(499))).toBeDefined();
    expect(cache.get('s1', at(500))).toBeUndefined();
  });

  it('forgets an evicted session', () => {
    const cache = liveCache();
    cache.set('s1', active('s1'), T0, cache.stamp());
    cache.evict('s1');
    expect(cache.get('s1', T0)).toBeUndefined();
  });

  it('keeps out a lookup that started before a revocation was heard', () => {
    const cache = liveCache();
    const stamp = cache.stamp();
    cache.evict('s1'); // the NOTIFY arrives while the lookup is in flight
    cache.set('s1', active('s1'), T0, stamp);
    expect(cache.get('s1', T0)).toBeUndefined();
    cache.set('s1', active('s1'), T0, cache.stamp());
    expect(cache.get('s1', T0)).toBeDefined();
  });

  it('stores and answers nothing while not live, and forgets everything on going not live', () => {
    const cache = createSessionCache();
    expect(cache.isLive).toBe(false);
    cache.set('s1', active('s1'), T0, cache.stamp());
    expect(cache.get('s1', T0)).toBeUndefined();
    cache.setLive(true);
    cache.set('s1', active('s1'), T0, cache.stamp());
    cache.setLive(false);
    cache.setLive(true);
    expect(cache.get('s1', T0)).toBeUndefined();
  });

  it('drops the least recently used entry beyond its size', () => {
    const cache = liveCache({ maxEntries: 2 });
    cache.set('a', active('a'), T0, cache.stamp());
    cache.set('b', active('b'), T0, cache.stamp());
    cache.get('a', T0);
    cache.set('c', active('c'), T0, cache.stamp());
    expect(cache.get('b', T0)).toBeUndefined();
    expect(cache.get('a', T0)).toBeDefined();
    expect(cache.get('c', T0)).toBeDefined();
  });
});

import { describe, expect, it } from '@jest/globals';
import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('lets a burst of the limit through, then refuses with the wait until one unit refills', () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, true]);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterS: 20 });
    expect(limiter.take('b').allowed).toBe(true);
    now += 20_000;
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
  });

  it('peeks without spending and resets a key', () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 1, windowMs: 10_000, now: () => now });
    expect(limiter.peek('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.peek('a')).toEqual({ allowed: false, retryAfterS: 10 });
    now += 5_000;
    expect(limiter.peek('a')).toEqual({ allowed: false, retryAfterS: 5 });
    limiter.reset('a');
    expect(limiter.take('a').allowed).toBe(true);
  });

  it('keeps at most maxKeys keys, forgetting the least recently used', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 1_000, maxKeys: 2, now: () => 0 });
    limiter.take('a');
    limiter.take('b');
    limiter.take('a');
    limiter.take('c');
    expect(limiter.size).toBe(2);
    expect(limiter.take('b').allowed).toBe(true);
    expect(limiter.take('c').allowed).toBe(false);
  });

  it('refuses a limit or window that is not positive', () => {
    expect(() => new RateLimiter({ limit: 0, windowMs: 1 })).toThrow(RangeError);
    expect(() => new RateLimiter({ limit: 1, windowMs: Number.NaN })).toThrow(RangeError);
  });
});

import { describe, expect, it } from '@jest/globals';
import { FailureBackoff } from './failure-backoff.js';

const OPTIONS = {
  freeFailures: 3,
  baseBlockMs: 1000,
  maxBlockMs: 8000,
  forgetAfterMs: 60_000,
  maxKeys: 100,
};

function backoffAt(start = 0) {
  const clock = { now: start };
  return { clock, backoff: new FailureBackoff(OPTIONS, () => clock.now) };
}

function fail(backoff: FailureBackoff, key: string, times = 1) {
  for (let i = 0; i < times; i += 1) {
    backoff.begin(key);
    backoff.settle(key, true);
  }
}

describe('FailureBackoff', () => {
  it('lets the free failures pass, then blocks for twice as long after each further one', () => {
    const { clock, backoff } = backoffAt();
    fail(backoff, 'a', 2);
    expect(backoff.waitMs('a')).toBe(0);
    const blocks: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      fail(backoff, 'a');
      blocks.push(backoff.waitMs('a'));
      clock.now += backoff.waitMs('a');
    }
    expect(blocks).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(backoff.waitMs('b')).toBe(0);
  });

  it('counts attempts in flight, so a parallel burst cannot outrun the first failure', () => {
    const { backoff } = backoffAt();
    for (let i = 0; i < 3; i += 1) {
      expect(backoff.waitMs('a')).toBe(0);
      backoff.begin('a');
    }
    expect(backoff.waitMs('a')).toBeGreaterThan(0);
    backoff.settle('a', false);
    expect(backoff.waitMs('a')).toBe(0);
  });

  it('allows one attempt at a time once no free failure is left', () => {
    const { clock, backoff } = backoffAt();
    fail(backoff, 'a', 3);
    clock.now += 1000;
    backoff.begin('a');
    expect(backoff.waitMs('a')).toBeGreaterThan(0);
  });

  it('forgets a key whose last failure is old, and drops one that never failed', () => {
    const { clock, backoff } = backoffAt();
    fail(backoff, 'a', 5);
    clock.now += 60_001;
    expect(backoff.hasFailed('a')).toBe(false);
    expect(backoff.waitMs('a')).toBe(0);
    backoff.begin('b');
    backoff.settle('b', false);
    expect(backoff.size).toBe(0);
  });

  it('keeps at most maxKeys keys, forgetting the least recently used', () => {
    const backoff = new FailureBackoff({ ...OPTIONS, maxKeys: 2 }, () => 0);
    fail(backoff, 'a');
    fail(backoff, 'b');
    fail(backoff, 'a');
    fail(backoff, 'c');
    expect([backoff.hasFailed('a'), backoff.hasFailed('b'), backoff.hasFailed('c')]).toEqual([
      true,
      false,
      true,
    ]);
  });
});

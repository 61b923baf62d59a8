import { timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { safeEqual } from './safe-equal.js';

describe('safeEqual', () => {
  it.each([
    ['s3cret-token', 's3cret-token', true],
    ['s3cret-token', 's3cret-tokem', false],
    ['s3c', 's3cret-token', false],
    ['', 's3cret-token', false],
    ['s3cret-token-and-more', 's3cret-token', false],
  ])('%p against %p is %p', (given, expected, equal) => {
    expect(safeEqual(given, expected)).toBe(equal);
  });

  it('always compares two equal-length digests, so a length difference is not an early exit', () => {
    const compared: [number, number][] = [];
    const recording = (a: Buffer, b: Buffer) => {
      compared.push([a.length, b.length]);
      return timingSafeEqual(a, b);
    };
    expect(safeEqual('abc', 'a-much-longer-expected-token', recording)).toBe(false);
    expect(safeEqual('same-length-1', 'same-length-2', recording)).toBe(false);
    expect(compared).toEqual([
      [32, 32],
      [32, 32],
    ]);
  });
});

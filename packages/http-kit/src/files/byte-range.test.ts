import { describe, expect, it } from '@jest/globals';
import { contentRange, ifRangeMatches, planRange } from './byte-range.js';

describe('planRange', () => {
  it.each([
    ['bytes=0-99', 1000, { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', 1000, { kind: 'partial', start: 100, end: 999 }],
    ['bytes=0-', 1000, { kind: 'partial', start: 0, end: 999 }],
    ['bytes=-100', 1000, { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', 1000, { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', 1000, { kind: 'partial', start: 990, end: 999 }],
    ['bytes=999-999', 1000, { kind: 'partial', start: 999, end: 999 }],
    ['BYTES = 5-9', 1000, { kind: 'partial', start: 5, end: 9 }],
    ['bytes=5-9,', 1000, { kind: 'partial', start: 5, end: 9 }],
  ])('serves %s of a %d-byte file as a partial response', (header, size, plan) => {
    expect(planRange(header, size)).toEqual(plan);
  });

  it.each([
    ['bytes=1000-', 1000],
    ['bytes=1000-1001', 1000],
    ['bytes=-0', 1000],
    ['bytes=0-', 0],
    ['bytes=-1', 0],
    ['bytes=99999999999999999999-', 1000],
  ])('refuses %s of a %d-byte file as unsatisfiable', (header, size) => {
    expect(planRange(header, size)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([
    [undefined],
    [''],
    ['items=0-5'],
    ['bytes=abc'],
    ['bytes=9-5'],
    ['bytes=1-2-3'],
    ['bytes='],
    ['bytes=0-1,5-9'],
    ['bytes=-1,0-0'],
  ])('ignores the header %p and sends the whole file', (header) => {
    expect(planRange(header, 1000)).toEqual({ kind: 'full' });
  });
});

describe('ifRangeMatches', () => {
  const validators = { etag: '"3e8-18c"', lastModified: 'Sun, 15 Nov 2026 00:00:00 GMT' };

  it.each([
    [undefined, true],
    ['"3e8-18c"', true],
    ['"other"', false],
    ['W/"3e8-18c"', false],
    ['Sun, 15 Nov 2026 00:00:00 GMT', true],
    ['Mon, 16 Nov 2026 00:00:00 GMT', false],
  ])('with If-Range %p the range applies: %p', (ifRange, expected) => {
    expect(ifRangeMatches(ifRange, validators)).toBe(expected);
  });
});

describe('contentRange', () => {
  it('spells a partial range and an unsatisfiable one', () => {
    expect(contentRange({ kind: 'partial', start: 2, end: 9 }, 10)).toBe('bytes 2-9/10');
    expect(contentRange({ kind: 'unsatisfiable' }, 10)).toBe('bytes */10');
    expect(contentRange({ kind: 'full' }, 10)).toBeUndefined();
  });
});

import { describe, expect, it } from '@jest/globals';
import { addDays, digestDayRange, isDayInRange, previousUtcMonth } from './digest-window.js';

describe('previousUtcMonth', () => {
  it.each([
    ['2026-11-21T12:00:00Z', '2026-10-01', '2026-10-31'],
    ['2026-01-15T00:00:00Z', '2025-12-01', '2025-12-31'],
    ['2024-03-01T00:00:00Z', '2024-02-01', '2024-02-29'],
    ['2023-03-31T23:59:59Z', '2023-02-01', '2023-02-28'],
    ['2000-03-10T08:00:00Z', '2000-02-01', '2000-02-29'],
    ['2100-03-10T08:00:00Z', '2100-02-01', '2100-02-28'],
    ['2026-05-01T00:00:00Z', '2026-04-01', '2026-04-30'],
  ])('at %s covers %s through %s', (now, start, end) => {
    expect(previousUtcMonth(new Date(now))).toEqual({ start, end });
  });

  it('uses the UTC month even when a local clock would already be in the next one', () => {
    // 23:30 UTC on 31 March is 1 April in UTC+2, but the window is still February.
    expect(previousUtcMonth(new Date('2026-03-31T23:30:00Z'))).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
    });
  });
});

describe('digestDayRange', () => {
  const now = new Date('2026-11-17T09:30:00Z');

  it.each([
    ['24h', undefined, '2026-11-16', '2026-11-17'],
    ['7d', undefined, '2026-11-10', '2026-11-17'],
    ['1mo', undefined, '2026-10-01', '2026-10-31'],
    ['since', '2026-09-03', '2026-09-03', '2026-11-17'],
  ] as const)('%s (since %s) spans %s through %s', (window, since, start, end) => {
    expect(digestDayRange(window, now, since)).toEqual({ start, end });
  });

  it('rolls the 24h window across a year boundary', () => {
    expect(digestDayRange('24h', new Date('2027-01-01T03:00:00Z'))).toEqual({
      start: '2026-12-31',
      end: '2027-01-01',
    });
  });

  it('makes an empty range when since lies after today', () => {
    const range = digestDayRange('since', now, '2026-12-01');
    expect(isDayInRange('2026-11-17', range)).toBe(false);
    expect(isDayInRange('2026-12-01', range)).toBe(false);
  });

  it('refuses window=since without a day', () => {
    expect(() => digestDayRange('since', now)).toThrow(/since/);
  });
});

describe('isDayInRange', () => {
  const range = { start: '2026-11-10', end: '2026-11-17' };

  it.each([
    ['2026-11-10', true],
    ['2026-11-17', true],
    ['2026-11-09', false],
    ['2026-11-18', false],
    [null, false],
  ])('%s in range: %s', (day, expected) => {
    expect(isDayInRange(day, range)).toBe(expected);
  });
});

describe('addDays', () => {
  it.each([
    ['2024-02-28', 1, '2024-02-29'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2023-03-01', -1, '2023-02-28'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-11-17', -59, '2026-09-19'],
  ])('%s plus %d days is %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });
});

import { describe, expect, it } from '@jest/globals';
import { localTime } from './local-time.js';
import { dayKey, isoWeekKey, monthKey, nudgeKey } from './period-keys.js';

describe('period keys', () => {
  it.each([
    ['2026-11-23T12:00:00Z', 'UTC', '20261123', '202611', '2026W48'],
    // The local day decides, not the UTC one.
    ['2026-11-22T23:30:00Z', 'Asia/Tokyo', '20261123', '202611', '2026W48'],
    ['2026-12-01T03:00:00Z', 'America/Los_Angeles', '20261130', '202611', '2026W49'],
    // ISO week of the Thursday's year: 2027-01-01 is a Friday in week 53 of 2026.
    ['2027-01-01T12:00:00Z', 'UTC', '20270101', '202701', '2026W53'],
    ['2026-01-01T12:00:00Z', 'UTC', '20260101', '202601', '2026W01'],
    ['2025-12-29T12:00:00Z', 'UTC', '20251229', '202512', '2026W01'],
  ])('%s in %p is day %s, month %s, week %s', (iso, zone, day, month, week) => {
    const local = localTime(new Date(iso), zone);
    expect([dayKey(local), monthKey(local), isoWeekKey(local)]).toEqual([day, month, week]);
  });

  it('gives each subscription its own nudge key, stable across calls', () => {
    const local = localTime(new Date('2026-11-23T12:00:00Z'), 'UTC');
    const a = nudgeKey(local, 'https://push.example.net/a');
    expect(a).toMatch(/^20261123-[0-9a-f]{8}$/);
    expect(nudgeKey(local, 'https://push.example.net/a')).toBe(a);
    expect(nudgeKey(local, 'https://push.example.net/b')).not.toBe(a);
  });
});

import { describe, expect, it } from '@jest/globals';
import { cronProblem, scheduleRows } from './schedules.js';

const NOW = new Date('2026-11-28T10:00:00Z');

describe('cronProblem', () => {
  it.each([
    '* * * * *',
    '0 6 * * *',
    '*/15 0-23/2 1,15 JAN-MAR mon-fri',
    '30 4 L * ?',
    '0 9 ? * 1#2',
    '0 9 * * 5L',
    '0 0 9 * * 7',
    '0 0 29 2 *',
    '@daily',
    '@weekly',
  ])('accepts %s', (expression) => {
    expect(cronProblem(expression, NOW)).toBeUndefined();
  });

  it.each([
    ['', /expected 5 fields/],
    ['* * * *', /expected 5 fields/],
    ['* * * * * * *', /expected 5 fields/],
    ['60 * * * *', /0-59/],
    ['* 24 * * *', /0-23/],
    ['* * 0 * *', /1-31/],
    ['* * * 13 *', /1-12/],
    ['* * * * 8', /0-7/],
    ['*/0 * * * *', /repeat/],
    ['5-1 * * * *', /range/],
    ['* * * FOO *', /foo/],
    ['H 3 * * *', /H \(a hashed value\)/],
    ['@sometimes', /alias/],
    ['0 0 30 2 *', /day of month/],
    ['0 0 31 4,6,9,11 *', /day of month/],
  ])('refuses %j', (expression, reason) => {
    expect(cronProblem(expression, NOW)).toMatch(reason);
  });
});

describe('scheduleRows', () => {
  it('reports the same cron problem as the PUT check, and the next run of a valid one', () => {
    const rows = scheduleRows(
      [
        { name: 'never', cron: '0 0 30 2 *' },
        { name: 'leap', cron: '0 0 29 2 *' },
      ],
      NOW,
    );
    expect(rows).toEqual([
      expect.objectContaining({ name: 'never', next_run_at: null, reason: expect.any(String) }),
      expect.objectContaining({ name: 'leap', next_run_at: '2028-02-29T00:00:00.000Z' }),
    ]);
    expect(rows[0]?.reason).toBe(`invalid cron: ${cronProblem('0 0 30 2 *', NOW)}`);
  });
});

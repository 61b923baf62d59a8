import { describe, expect, it } from '@jest/globals';
import { cronProblem } from './cron-syntax.js';

describe('cronProblem', () => {
  it.each([
    '* * * * *',
    '0 6 * * *',
    '*/15 0-23/2 1,15 JAN-MAR mon-fri',
    '30 4 L * ?',
    '0 9 ? * 1#2',
    '0 9 * * 5L',
    '0 0 9 * * 7',
    '@daily',
    '@Weekly',
  ])('accepts %s', (expression) => {
    expect(cronProblem(expression)).toBeUndefined();
  });

  it.each([
    ['', /expected 5 fields/],
    ['* * * *', /expected 5 fields/],
    ['60 * * * *', /minute/],
    ['* 24 * * *', /hour/],
    ['* * 0 * *', /day of month/],
    ['* * * 13 *', /month/],
    ['* * * * 8', /day of week/],
    ['*/0 * * * *', /minute/],
    ['5-1 * * * *', /minute/],
    ['* * * FOO *', /month/],
    ['@sometimes', /unknown macro/],
  ])('refuses %j', (expression, reason) => {
    expect(cronProblem(expression)).toMatch(reason);
  });
});

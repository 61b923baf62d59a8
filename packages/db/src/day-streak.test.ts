import { describe, expect, it } from '@jest/globals';
import { dayStreak, previousDay } from './day-streak.js';

describe('previousDay', () => {
  it.each([
    ['2026-03-01', '2026-02-28'],
    ['2024-03-01', '2024-02-29'],
    ['2026-01-01', '2025-12-31'],
    ['2026-11-21', '2026-11-20'],
  ])('steps back from %s to %s across month and year ends', (day, expected) => {
    expect(previousDay(day)).toBe(expected);
  });
});

describe('dayStreak', () => {
  it.each([
    { name: 'no activity at all', days: [], expected: 0 },
    { name: 'activity today only', days: ['2026-11-21'], expected: 1 },
    {
      name: 'three days ending today',
      days: ['2026-11-19', '2026-11-20', '2026-11-21'],
      expected: 3,
    },
    { name: 'two days ending yesterday', days: ['2026-11-19', '2026-11-20'], expected: 2 },
    { name: 'last activity two days ago', days: ['2026-11-18', '2026-11-19'], expected: 0 },
    {
      name: 'a gap breaks the run',
      days: ['2026-11-17', '2026-11-19', '2026-11-20', '2026-11-21'],
      expected: 3,
    },
    {
      name: 'a run across a month end',
      days: ['2026-10-31', '2026-11-01'],
      today: '2026-11-01',
      expected: 2,
    },
    { name: 'future days do not count', days: ['2026-11-22', '2026-11-23'], expected: 0 },
  ])('counts $expected for $name', ({ days, today = '2026-11-21', expected }) => {
    expect(dayStreak(days, today)).toBe(expected);
  });
});

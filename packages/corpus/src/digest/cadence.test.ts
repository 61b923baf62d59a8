import { describe, expect, it } from '@jest/globals';
import { cadenceOf } from './cadence.js';

describe('cadenceOf', () => {
  it('answers nulls for a show without dated episodes', () => {
    expect(cadenceOf([])).toEqual({
      dated_episodes: 0,
      first_publish_date: null,
      last_publish_date: null,
      median_days_between: null,
      episodes_per_month: null,
    });
  });

  it('has no gap for a single episode but a rate of one per month', () => {
    const cadence = cadenceOf(['2026-11-03']);
    expect(cadence.median_days_between).toBeNull();
    expect(cadence.episodes_per_month).toBe(1);
    expect(cadence.last_publish_date).toBe('2026-11-03');
  });

  it.each([
    [['2026-11-15', '2026-11-01', '2026-11-08'], 7],
    [['2026-01-01', '2026-01-02', '2026-01-05', '2026-01-12'], 3],
    [['2024-02-28', '2024-03-01'], 2],
    [['2026-05-05', '2026-05-05', '2026-05-06'], 0.5],
    [['2025-12-30', '2026-01-02', '2026-01-03'], 2],
  ])('takes the median gap of %j as %d days', (days, gap) => {
    expect(cadenceOf(days).median_days_between).toBe(gap);
  });

  it.each([
    [['2026-09-30', '2026-10-01', '2026-11-01'], 1],
    [['2026-01-10', '2026-01-20', '2026-01-30', '2026-03-01'], 1.33],
    [['2025-12-01', '2026-01-01'], 1],
    [['2026-03-01', '2026-03-02', '2026-03-03'], 3],
  ])('spreads %j over the calendar months it spans: %d a month', (days, rate) => {
    expect(cadenceOf(days).episodes_per_month).toBe(rate);
  });

  it('reports the first and last publish day whatever the input order', () => {
    const cadence = cadenceOf(['2026-03-02', '2025-11-20', '2026-01-01']);
    expect([cadence.first_publish_date, cadence.last_publish_date]).toEqual([
      '2025-11-20',
      '2026-03-02',
    ]);
  });
});

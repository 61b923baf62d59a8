import { describe, expect, it } from '@jest/globals';
import { countQueriesByDay } from '../caches/query-log.js';
import { dailyActivity } from './query-activity.js';

const line = (value: unknown) => JSON.stringify(value);

describe('countQueriesByDay', () => {
  it('buckets search events by the first ten characters of ts and skips everything unusable', () => {
    const text = [
      line({
        ts: '2026-11-18T08:00:00Z',
        schema: 1,
        event_type: 'search_query',
        query_type: 'semantic',
      }),
      line({ ts: '2026-11-18T23:59:59Z', event_type: 'search_query' }),
      line({ ts: '2026-11-19T00:00:01+00:00' }),
      '{"ts": "2026-11-19T01:00:00Z", "event_ty',
      '',
      '   ',
      'not json',
      line(['2026-11-19']),
      line({ ts: 'yesterday' }),
      line({ ts: '2026-11-19T02:00:00Z', event_type: 'listen' }),
      line({ ts: 1_795_050_000 }),
    ].join('\n');
    expect(countQueriesByDay(text)).toEqual(
      new Map([
        ['2026-11-18', 2],
        ['2026-11-19', 2],
      ]),
    );
  });
});

describe('dailyActivity', () => {
  const counts = new Map([
    ['2026-11-18', 2],
    ['2026-11-20', 5],
    ['2026-10-01', 9],
  ]);

  it('zero-fills the window ending today (UTC), oldest first', () => {
    expect(dailyActivity(counts, new Date('2026-11-20T23:30:00-02:00'), 4)).toEqual([
      { date: '2026-11-18', count: 2 },
      { date: '2026-11-19', count: 0 },
      { date: '2026-11-20', count: 5 },
      { date: '2026-11-21', count: 0 },
    ]);
  });

  it.each([1, 30, 365])('returns exactly %i days', (days) => {
    const rows = dailyActivity(counts, new Date('2026-11-20T12:00:00Z'), days);
    expect(rows).toHaveLength(days);
    expect(rows.at(-1)?.date).toBe('2026-11-20');
  });

  it('crosses month and year boundaries', () => {
    const rows = dailyActivity(new Map(), new Date('2026-01-01T00:00:00Z'), 3);
    expect(rows.map((r) => r.date)).toEqual(['2025-12-30', '2025-12-31', '2026-01-01']);
  });
});

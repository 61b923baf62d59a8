import { describe, expect, it } from '@jest/globals';
import { coverageReport, publishMonthHistogram } from './publish-months.js';

const row = (publish_date: string | null, feed_id: string, has_gi: boolean, has_kg: boolean) => ({
  publish_date,
  feed_id,
  podcast_title: feed_id === '' ? null : `Show ${feed_id}`,
  has_gi,
  has_kg,
});

const ROWS = [
  row('2026-11-14', 'b', true, true),
  row('2026-11-01', 'a', true, false),
  row('2026-09-30', 'a', false, true),
  row(null, '', false, false),
  row('2025-12-31', 'b', true, true),
];

describe('publishMonthHistogram', () => {
  it('counts dated episodes per YYYY-MM, oldest month first, and undated ones apart', () => {
    const { histogram, undated } = publishMonthHistogram(ROWS);
    expect(histogram).toEqual({ '2025-12': 1, '2026-09': 1, '2026-11': 2 });
    expect(Object.keys(histogram)).toEqual(['2025-12', '2026-09', '2026-11']);
    expect(undated).toBe(1);
  });

  it('is empty for an empty corpus', () => {
    expect(publishMonthHistogram([])).toEqual({ histogram: {}, undated: 0 });
  });
});

describe('coverageReport', () => {
  it('counts GI, KG and both per month (undated last) and per feed (empty id last)', () => {
    const report = coverageReport(ROWS);
    expect(report.total).toEqual({ episodes: 5, with_gi: 3, with_kg: 3, with_both: 2 });
    expect(report.by_month).toEqual([
      { month: '2025-12', episodes: 1, with_gi: 1, with_kg: 1, with_both: 1 },
      { month: '2026-09', episodes: 1, with_gi: 0, with_kg: 1, with_both: 0 },
      { month: '2026-11', episodes: 2, with_gi: 2, with_kg: 1, with_both: 1 },
      { month: null, episodes: 1, with_gi: 0, with_kg: 0, with_both: 0 },
    ]);
    expect(report.by_feed).toEqual([
      { feed_id: 'a', podcast_title: 'Show a', episodes: 2, with_gi: 1, with_kg: 1, with_both: 0 },
      { feed_id: 'b', podcast_title: 'Show b', episodes: 2, with_gi: 2, with_kg: 2, with_both: 2 },
      { feed_id: '', podcast_title: null, episodes: 1, with_gi: 0, with_kg: 0, with_both: 0 },
    ]);
  });
});

import { describe, expect, it } from '@jest/globals';
import type { ExploreRow } from './explore-insights.js';
import { sortExploreRows } from './explore-insights.js';

const row = (id: string, confidence: number | null, date: string | null, score: number | null) =>
  ({ insight_id: id, confidence, publish_date: date, score }) as ExploreRow;

describe('explore sorting', () => {
  const rows = [
    row('a', 0.5, '2026-01-01', 0.1),
    row('b', null, null, null),
    row('c', 0.9, '2025-01-01', 0.3),
  ];

  it.each([
    ['confidence', ['c', 'a', 'b']],
    ['date', ['a', 'c', 'b']],
    ['relevance', ['c', 'a', 'b']],
  ] as const)('sorts by %s with unknowns last', (sortBy, expected) => {
    expect(sortExploreRows(rows, sortBy).map((r) => r.insight_id)).toEqual(expected);
  });
});

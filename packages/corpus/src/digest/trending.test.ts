import { describe, expect, it } from '@jest/globals';
import { rankTrending, trendingScore } from './trending.js';

const t = (slug: string, label = slug) => ({ id: `topic:${slug}`, label });

describe('trendingScore', () => {
  it.each([
    [3, 0, 3],
    [1, 0, 1],
    [10, 4, 1.2],
    [5, 5, 0],
    [1, 2, -0.333],
    [0, 0, 0],
  ])('scores %d now against %d before as %d', (count, previous, score) => {
    expect(trendingScore(count, previous)).toBe(score);
  });
});

describe('rankTrending', () => {
  const current = [[t('a'), t('b')], [t('a', 'A (new spelling)')], [t('a'), t('c')], [t('c')]];
  const previous = [[t('a')], [t('a')], [t('b')], [t('d')]];

  it('counts episodes per entity in both periods and ranks by score, then count, then id', () => {
    expect(rankTrending(current, previous)).toEqual([
      { id: 'topic:c', label: 'c', count: 2, previous_count: 0, score: 2 },
      { id: 'topic:a', label: 'a', count: 3, previous_count: 2, score: 0.333 },
      { id: 'topic:b', label: 'b', count: 1, previous_count: 1, score: 0 },
    ]);
  });

  it('leaves out entities that only appeared in the previous period', () => {
    expect(rankTrending(current, previous).map((row) => row.id)).not.toContain('topic:d');
  });

  it('breaks equal scores by the larger count and then the smaller id', () => {
    const rows = rankTrending([[t('y'), t('x')], [t('z')], [t('z')]], [[t('z')]]);
    expect(rows.map((row) => [row.id, row.score])).toEqual([
      ['topic:x', 1],
      ['topic:y', 1],
      ['topic:z', 0.5],
    ]);
  });

  it('answers an empty list for a quiet period', () => {
    expect(rankTrending([], [[t('a')]])).toEqual([]);
  });
});

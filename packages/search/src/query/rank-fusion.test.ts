import { describe, expect, it } from '@jest/globals';
import { reciprocalRankFusion } from './rank-fusion.js';

const ids = (lists: string[][], k?: number) =>
  reciprocalRankFusion(lists, (id) => id, k).map(({ item, score }) => [
    item,
    Number(score.toFixed(5)),
  ]);

describe('reciprocal rank fusion', () => {
  it('sums 1/(k+rank) over the lists an item appears in', () => {
    expect(
      ids(
        [
          ['a', 'b'],
          ['b', 'c'],
        ],
        1,
      ),
    ).toEqual([
      ['b', 0.83333],
      ['a', 0.5],
      ['c', 0.33333],
    ]);
  });

  it('prefers an item both lists agree on over one list’s winner', () => {
    const fused = ids([
      ['x', 'shared', 'y'],
      ['z', 'shared', 'w'],
    ]);
    expect(fused[0]?.[0]).toBe('shared');
  });

  it('breaks ties by first appearance and counts a repeated item once per list', () => {
    expect(ids([['a', 'a'], ['b']]).map(([id]) => id)).toEqual(['a', 'b']);
    expect(ids([['a', 'a']])[0]?.[1]).toBeCloseTo(1 / 61, 5);
  });

  it('gives nothing for no lists', () => {
    expect(ids([])).toEqual([]);
  });
});

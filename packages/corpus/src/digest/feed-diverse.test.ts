import { describe, expect, it } from '@jest/globals';
import { pickFeedDiverse } from './feed-diverse.js';

const feedOf = (id: string) => id.slice(0, 1);

describe('pickFeedDiverse', () => {
  // Newest first: a prolific show A, then B and C.
  const stream = ['a1', 'a2', 'a3', 'b1', 'a4', 'c1', 'b2', 'a5'];

  it('gives every feed a row before any feed gets a second', () => {
    expect(pickFeedDiverse(stream, feedOf, 3)).toEqual(['a1', 'b1', 'c1']);
  });

  it('takes rounds in the order of each feed’s newest item, newest first inside a feed', () => {
    expect(pickFeedDiverse(stream, feedOf, 6)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('lets the busy feed fill the slots the others cannot', () => {
    expect(pickFeedDiverse(stream, feedOf, 100)).toEqual([
      'a1',
      'b1',
      'c1',
      'a2',
      'b2',
      'a3',
      'a4',
      'a5',
    ]);
  });

  it.each([
    [[], 5, []],
    [['a1'], 1, ['a1']],
    [['a1', 'a2'], 1, ['a1']],
  ])('handles %j capped at %d', (items, cap, expected) => {
    expect(pickFeedDiverse(items, feedOf, cap)).toEqual(expected);
  });
});

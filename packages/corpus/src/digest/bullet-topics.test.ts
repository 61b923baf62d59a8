import { describe, expect, it } from '@jest/globals';
import { matchBulletTopics } from './bullet-topics.js';

const topics = [
  { id: 'topic:flooding', label: 'flooding' },
  { id: 'topic:urban-flooding', label: 'Urban flooding' },
  { id: 'topic:art', label: 'art' },
  { id: 'concept:drainage', label: 'drainage' },
  { id: 'topic:cafe', label: 'Café culture' },
  { id: 'topic:empty', label: '  ' },
  { id: 'topic:sewers', label: 'sewers' },
  { id: 'topic:sewers-2', label: 'Sewers' },
];

describe('matchBulletTopics', () => {
  it.each([
    ['Urban flooding is getting worse.', 'topic:urban-flooding'],
    ['Flooding hit the suburbs too', 'topic:flooding'],
    ['We start at the beginning', null],
    ['Street art, not drainage', 'topic:art'],
    ['Drainage budgets shrink', null],
    ['The cafe culture of Vienna', 'topic:cafe'],
    ['Old SEWERS leak', 'topic:sewers'],
    ['', null],
  ])('ties "%s" to %s', (bullet, expected) => {
    expect(matchBulletTopics([bullet], topics)).toEqual([expected]);
  });

  it('answers one entry per bullet, in order', () => {
    const bullets = ['nothing here', 'urban flooding again', 'art'];
    expect(matchBulletTopics(bullets, topics)).toEqual([null, 'topic:urban-flooding', 'topic:art']);
  });

  it('answers nulls when the episode has no topics', () => {
    expect(matchBulletTopics(['a', 'b'], [])).toEqual([null, null]);
  });
});

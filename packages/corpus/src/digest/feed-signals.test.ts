import { describe, expect, it } from '@jest/globals';
import { topicDistribution } from './feed-signals.js';

const t = (slug: string) => ({ id: `topic:${slug}`, label: slug });

describe('topicDistribution', () => {
  const episodes = [[t('b'), t('a')], [], [t('a')], [t('c'), t('a'), t('b')]];

  it('ranks topics by the episodes that carry them and shares them among analysed episodes', () => {
    expect(topicDistribution(episodes, 10)).toEqual({
      withTopics: 3,
      topics: [
        { id: 'topic:a', label: 'a', count: 3, share: 1 },
        { id: 'topic:b', label: 'b', count: 2, share: 0.667 },
        { id: 'topic:c', label: 'c', count: 1, share: 0.333 },
      ],
    });
  });

  it('keeps the top k', () => {
    expect(topicDistribution(episodes, 2).topics.map((topic) => topic.id)).toEqual([
      'topic:a',
      'topic:b',
    ]);
  });

  it('answers no topics for a show without analysed episodes', () => {
    expect(topicDistribution([[], []], 5)).toEqual({ withTopics: 0, topics: [] });
  });
});

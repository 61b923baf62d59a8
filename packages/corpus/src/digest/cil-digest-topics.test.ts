import { describe, expect, it } from '@jest/globals';
import { createDerivedValues } from '../caches/derived-values.js';
import { EMPTY_TOPIC_CLUSTER_INDEX, topicClusterIndexOf } from '../clusters/topic-cluster-index.js';
import { CIL_TOPIC_PILL_CAP, cilDigestTopics } from './cil-digest-topics.js';

const artifact = {
  clusters: [
    {
      graph_compound_parent_id: 'tc:flooding',
      members: [
        { topic_id: 'topic:urban-flooding', episode_ids: ['ep-1'] },
        { topic_id: 'topic:flood-maps', episode_ids: ['ep-2'] },
      ],
    },
    {
      cluster_id: 'tc:money',
      members: [{ topic_id: 'topic:budgets' }, { topic_id: 'topic:funding', episode_ids: [] }],
    },
    { graph_compound_parent_id: 'tc:solo-cluster', members: [{ topic_id: 'topic:solo' }] },
  ],
};
const file = { artifact, derived: createDerivedValues() };

const topics = ['solo', 'flood-maps', 'urban-flooding', 'budgets', 'jazz'].map((slug) => ({
  id: `topic:${slug}`,
  label: slug,
}));

describe('topicClusterIndexOf', () => {
  const index = topicClusterIndexOf(file);

  it.each([
    ['topic:urban-flooding', 'ep-1', 'tc:flooding'],
    ['topic:urban-flooding', 'episode:ep-1', 'tc:flooding'],
    ['topic:urban-flooding', 'ep-2', undefined],
    ['topic:urban-flooding', null, undefined],
    ['topic:budgets', 'anything', 'tc:money'],
    ['topic:funding', null, 'tc:money'],
    ['topic:solo', 'ep-1', undefined],
    ['topic:unknown', 'ep-1', undefined],
  ])('puts %s of episode %s into %s', (topicId, episodeId, expected) => {
    expect(index.clusterOf(topicId, episodeId)).toBe(expected);
  });

  it('builds one index per parsed document', () => {
    expect(topicClusterIndexOf(file)).toBe(index);
  });
});

describe('cilDigestTopics', () => {
  it('lists clustered topics first, then the rest, each group in episode order', () => {
    const pills = cilDigestTopics(topics, 'ep-1', topicClusterIndexOf(file));
    expect(pills.map((p) => [p.topic_id, p.topic_cluster_compound_id])).toEqual([
      ['topic:urban-flooding', 'tc:flooding'],
      ['topic:budgets', 'tc:money'],
      ['topic:solo', null],
      ['topic:flood-maps', null],
      ['topic:jazz', null],
    ]);
    expect(pills.map((p) => p.in_topic_cluster)).toEqual([true, true, false, false, false]);
  });

  it('keeps at most five pills and only graph topics', () => {
    const many = [
      { id: 'concept:x', label: 'x' },
      ...Array.from({ length: 9 }, (_, i) => ({ id: `topic:t${i}`, label: `t${i}` })),
    ];
    const pills = cilDigestTopics(many, null, EMPTY_TOPIC_CLUSTER_INDEX);
    expect(pills).toHaveLength(CIL_TOPIC_PILL_CAP);
    expect(pills[0]?.topic_id).toBe('topic:t0');
  });
});

import { describe, expect, it } from '@jest/globals';
import { storylinesByTopic, themesByTopic } from './topic-overlays.js';

const members = (...ids: string[]) => ids.map((topic_id) => ({ topic_id, label: topic_id }));

describe('themesByTopic', () => {
  it('maps each member topic to its cluster, the larger cluster winning a shared topic', () => {
    const index = themesByTopic({
      clusters: [
        {
          graph_compound_parent_id: 'tc:small',
          canonical_label: 'Small',
          members: members('topic:a', 'topic:b'),
        },
        {
          graph_compound_parent_id: 'tc:big',
          canonical_label: 'Big',
          member_count: 3,
          members: members('topic:b', 'topic:c', 'topic:d'),
        },
      ],
    });
    expect(index.get('topic:a')).toEqual({ id: 'tc:small', label: 'Small', size: 2 });
    expect(index.get('topic:b')).toEqual({ id: 'tc:big', label: 'Big', size: 3 });
    expect(index.has('topic:x')).toBe(false);
  });

  it.each([
    [
      { cluster_id: 'risk-cluster', members: [{ topic_id: 'topic:r' }] },
      { id: 'tc:risk-cluster', label: 'tc:risk-cluster', size: 1 },
    ],
    [
      { graph_compound_parent_id: 'tc:k', members: [{ topic_id: 'kg:topic:r' }] },
      { id: 'tc:k', label: 'tc:k', size: 1 },
    ],
  ])('reads the legacy and prefixed shape %j', (cluster, expected) => {
    expect(themesByTopic({ clusters: [cluster] }).get('topic:r')).toEqual(expected);
  });

  it('ignores a cluster whose id is only the prefix, as the theme list does', () => {
    const index = themesByTopic({
      clusters: [{ graph_compound_parent_id: 'tc:', members: members('topic:a', 'topic:b') }],
    });
    expect(index.has('topic:a')).toBe(false);
  });

  it.each([undefined, {}, { clusters: 'nope' }, { clusters: [null, { members: [] }] }])(
    'gives an empty index for %j',
    (document) => {
      expect(themesByTopic(document as Record<string, unknown> | undefined).size).toBe(0);
    },
  );
});

describe('storylinesByTopic', () => {
  const envelope = (clusters: unknown[]) => ({ status: 'ok', data: { clusters } });

  it('unwraps the envelope and keeps only storylines of at least four topics', () => {
    const index = storylinesByTopic(
      envelope([
        {
          graph_compound_parent_id: 'thc:wide',
          canonical_label: 'Wide',
          member_count: 4,
          members: members('topic:a', 'topic:b', 'topic:c', 'topic:d'),
        },
        {
          graph_compound_parent_id: 'thc:narrow',
          canonical_label: 'Narrow',
          member_count: 3,
          members: members('topic:e', 'topic:f', 'topic:g'),
        },
      ]),
    );
    expect(index.get('topic:a')).toEqual({ id: 'thc:wide', label: 'Wide', size: 4 });
    expect(index.has('topic:e')).toBe(false);
  });

  it('ignores a failed envelope without data', () => {
    expect(storylinesByTopic({ status: 'failed', data: null }).size).toBe(0);
  });
});

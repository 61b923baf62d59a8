import { describe, expect, it } from '@jest/globals';
import { clusterTopics, type TopicVector } from './cluster-topics.js';

const topic = (id: string, vector: number[], episodes: string[] = ['e1']): TopicVector => ({
  topic_id: `topic:${id}`,
  label: id.replaceAll('-', ' '),
  vector,
  episode_ids: episodes,
});

describe('clusterTopics', () => {
  const drainage = topic('drainage', [1, 0.1, 0], ['e2', 'e1', 'e2']);
  const stormwater = topic('stormwater', [1, 0.2, 0], ['e3']);
  const runoff = topic('runoff', [0.9, 0.3, 0.05]);
  const sleep = topic('sleep', [0, 0, 1]);

  it('groups close topics, keeps groups of two or more, labels them by the member nearest the centroid', () => {
    const doc = clusterTopics([sleep, runoff, drainage, stormwater], 0.9, 'm');
    expect(doc).toMatchObject({
      schema_version: '2',
      model: 'm',
      threshold: 0.9,
      topic_count: 4,
      cluster_count: 1,
      singletons: 1,
    });
    const [cluster] = doc.clusters;
    expect(cluster?.member_count).toBe(3);
    expect(cluster?.members.map((m) => m.topic_id).sort()).toEqual([
      'topic:drainage',
      'topic:runoff',
      'topic:stormwater',
    ]);
    // Members nearest the centroid first; the first names the cluster.
    const similarities = cluster?.members.map((m) => m.similarity_to_centroid) ?? [];
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
    const anchor = cluster?.members[0];
    expect(cluster?.cil_alias_target_topic_id).toBe(anchor?.topic_id);
    expect(cluster?.graph_compound_parent_id).toBe(`tc:${anchor?.label}`);
    expect(cluster?.canonical_label).toBe(
      (anchor?.label.charAt(0).toUpperCase() ?? '') + anchor?.label.slice(1),
    );
    const drain = cluster?.members.find((m) => m.topic_id === 'topic:drainage');
    expect(drain?.episode_ids).toEqual(['e1', 'e2']);
  });

  it('keeps every topic alone above the similarity any pair reaches', () => {
    expect(clusterTopics([drainage, stormwater, runoff], 0.9999, 'm')).toMatchObject({
      cluster_count: 0,
      singletons: 3,
      clusters: [],
    });
  });

  it('answers the same clusters whatever order the topics come in', () => {
    const a = clusterTopics([sleep, runoff, drainage, stormwater], 0.9, 'm');
    const b = clusterTopics([stormwater, drainage, sleep, runoff], 0.9, 'm');
    expect(b).toEqual(a);
  });

  it('suffixes -1, -2 when two clusters would get the same id, largest first', () => {
    // Each cluster is symmetric around its 'risk' member, so that member names both.
    const doc = clusterTopics(
      [
        topic('risk', [1, 0, 0]),
        topic('b', [0.98, 0.1, 0]),
        topic('c', [0.98, -0.1, 0]),
        { ...topic('risk', [0, 1, 0]), topic_id: 'topic:risk-b' },
        topic('e', [0.1, 0.98, 0]),
        topic('f', [-0.1, 0.98, 0]),
        topic('g', [0, 0, 1]),
      ],
      0.95,
      'm',
    );
    expect(doc.clusters.map((c) => [c.graph_compound_parent_id, c.member_count])).toEqual([
      ['tc:risk', 3],
      ['tc:risk-1', 3],
    ]);
    expect(doc.singletons).toBe(1);
  });

  it('never joins a zero vector (a topic of unknown words) to anything', () => {
    const doc = clusterTopics([topic('xq', [0, 0, 0]), topic('zq', [0, 0, 0]), drainage], 0.1, 'm');
    expect(doc).toMatchObject({ cluster_count: 0, singletons: 3 });
  });
});

import { describe, expect, it } from '@jest/globals';
import { STORYLINE_FLOOR } from '../catalog/topic-overlays.js';
import { projectStorylines } from './storyline-projection.js';

const member = (topic_id: string, lift_to_cluster?: unknown) => ({ topic_id, lift_to_cluster });

function storyline(id: string, count: number, extra: Record<string, unknown> = {}) {
  const members = Array.from({ length: count }, (_, i) => member(`topic:${id}-${i}`, i));
  return { graph_compound_parent_id: `thc:${id}`, canonical_label: id, members, ...extra };
}

describe('projectStorylines', () => {
  it('projects id, label, size and anchor, largest first then by id', () => {
    const data = { clusters: [storyline('b', 2), storyline('c', 5), storyline('a', 2)] };
    expect(projectStorylines(data)).toEqual([
      { id: 'thc:c', label: 'c', size: 5, anchor_topic_id: 'topic:c-4' },
      { id: 'thc:a', label: 'a', size: 2, anchor_topic_id: 'topic:a-1' },
      { id: 'thc:b', label: 'b', size: 2, anchor_topic_id: 'topic:b-1' },
    ]);
  });

  it('anchors on the highest lift and breaks a tie by the smallest topic id', () => {
    const members = [member('topic:m', 2), member('topic:b', 2), member('topic:z', 1.5)];
    const [result] = projectStorylines({
      clusters: [{ graph_compound_parent_id: 'thc:t', members }],
    });
    expect(result?.anchor_topic_id).toBe('topic:b');
  });

  it('strips layer prefixes from member topic ids', () => {
    const members = [member('kg:topic:b', 1), member('topic:a', 0.5)];
    const [result] = projectStorylines({
      clusters: [{ graph_compound_parent_id: 'thc:t', members }],
    });
    expect(result?.anchor_topic_id).toBe('topic:b');
  });

  it('reads a missing or non-numeric lift as zero', () => {
    const members = [member('topic:b', 'high'), member('topic:a'), member('topic:c', '0.5')];
    const [result] = projectStorylines({
      clusters: [{ graph_compound_parent_id: 'thc:t', members }],
    });
    expect(result?.anchor_topic_id).toBe('topic:c');
  });

  it.each([
    ['no members', { graph_compound_parent_id: 'thc:x', member_count: 4, members: [] }],
    ['members without topic ids', { graph_compound_parent_id: 'thc:x', members: [{ label: 'a' }] }],
  ])('drops a cluster with %s', (_why, cluster) => {
    expect(projectStorylines({ clusters: [cluster] })).toEqual([]);
  });

  it('applies the floor to the member count', () => {
    const data = {
      clusters: [
        storyline('three', 3),
        storyline('four', 4),
        storyline('told', 1, { member_count: 6 }),
      ],
    };
    const ids = projectStorylines(data, STORYLINE_FLOOR).map((s) => s.id);
    expect(ids).toEqual(['thc:told', 'thc:four']);
    expect(projectStorylines(data).map((s) => s.id)).toEqual(['thc:told', 'thc:four', 'thc:three']);
  });
});

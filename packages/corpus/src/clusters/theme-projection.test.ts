import { describe, expect, it } from '@jest/globals';
import { projectThemes } from './theme-projection.js';

describe('projectThemes', () => {
  it('lists every tc: cluster with its label and size, largest first', () => {
    const artifact = {
      clusters: [
        { graph_compound_parent_id: 'tc:risk', canonical_label: 'Risk', member_count: 2 },
        {
          graph_compound_parent_id: 'tc:sewers',
          canonical_label: 'Sewers',
          members: [{ topic_id: 'topic:a' }, 'topic:b', { topic_id: 'k:topic:c' }],
        },
        { cluster_id: 'tc:legacy', member_count: 3 },
      ],
    };
    expect(projectThemes(artifact)).toEqual([
      { id: 'tc:legacy', label: 'tc:legacy', size: 3 },
      { id: 'tc:sewers', label: 'Sewers', size: 3 },
      { id: 'tc:risk', label: 'Risk', size: 2 },
    ]);
  });

  it.each([
    ['a fractional member_count', { member_count: 2.5, members: [{ topic_id: 'topic:a' }] }, 1],
    ['a negative member_count', { member_count: -1, members: ['topic:a', 'topic:b'] }, 2],
    ['members without topic ids', { members: [{}, { label: 'x' }, 'topic:c'] }, 1],
    ['no members at all', {}, 0],
  ])('falls back to the member list for %s', (_why, fields, size) => {
    const [theme] = projectThemes({ clusters: [{ graph_compound_parent_id: 'tc:x', ...fields }] });
    expect(theme?.size).toBe(size);
  });

  it('adds the tc: prefix to an id written without it, as the topic overlays do', () => {
    const [theme] = projectThemes({ clusters: [{ cluster_id: 'risk', members: ['topic:a'] }] });
    expect(theme).toEqual({ id: 'tc:risk', label: 'tc:risk', size: 1 });
  });

  it.each([
    ['a bare prefix', { graph_compound_parent_id: 'tc:' }],
    ['no id', { canonical_label: 'Nameless' }],
    ['a cluster that is not an object', 'tc:string'],
  ])('skips %s', (_why, cluster) => {
    expect(projectThemes({ clusters: [cluster] })).toEqual([]);
  });

  it('answers an empty list when clusters is not a list', () => {
    expect(projectThemes({ clusters: 'nope' })).toEqual([]);
  });
});

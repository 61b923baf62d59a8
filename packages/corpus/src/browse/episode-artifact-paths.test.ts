import { describe, expect, it } from '@jest/globals';
import { resolveEpisodeArtifacts } from './episode-artifact-paths.js';

const episodes = new Map([
  [
    'guid-1',
    {
      metadata_relpath: 'metadata/e1.metadata.json',
      gi_relpath: 'metadata/e1.gi.json',
      kg_relpath: 'metadata/e1.kg.json',
      bridge_relpath: null,
    },
  ],
  [
    'guid-2',
    {
      metadata_relpath: 'metadata/e2.metadata.json',
      gi_relpath: null,
      kg_relpath: 'metadata/e2.kg.json',
      bridge_relpath: null,
    },
  ],
]);
const findById = (id: string) => episodes.get(id.replace(/^episode:/, ''));

describe('resolveEpisodeArtifacts', () => {
  it('maps ids with a GI file to their sibling paths and lists the rest as missing, in request order', () => {
    expect(
      resolveEpisodeArtifacts(
        ['unknown', 'guid-2', 'episode:guid-1', 'guid-1', 'unknown'],
        findById,
      ),
    ).toEqual({
      items: [
        {
          episode_id: 'episode:guid-1',
          metadata_relpath: 'metadata/e1.metadata.json',
          gi_relative_path: 'metadata/e1.gi.json',
          kg_relative_path: 'metadata/e1.kg.json',
          bridge_relative_path: null,
        },
        {
          episode_id: 'guid-1',
          metadata_relpath: 'metadata/e1.metadata.json',
          gi_relative_path: 'metadata/e1.gi.json',
          kg_relative_path: 'metadata/e1.kg.json',
          bridge_relative_path: null,
        },
      ],
      missing_episode_ids: ['unknown', 'guid-2'],
    });
  });

  it('answers an empty request with empty lists', () => {
    expect(resolveEpisodeArtifacts([], findById)).toEqual({ items: [], missing_episode_ids: [] });
  });
});

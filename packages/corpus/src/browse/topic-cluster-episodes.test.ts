import { describe, expect, it } from '@jest/globals';
import { clusteredEpisodeIds } from './topic-cluster-episodes.js';

describe('clusteredEpisodeIds', () => {
  it('collects episode ids of members of multi-member clusters only', () => {
    const document = {
      clusters: [
        {
          graph_compound_parent_id: 'tc:risk',
          members: [
            { topic_id: 'topic:risk', episode_ids: ['ep-1', 'episode:ep-2'] },
            { topic_id: 'topic:risk-management' },
          ],
        },
        {
          cluster_id: 'solo-cluster',
          members: [{ topic_id: 'topic:solo', episode_ids: ['ep-3'] }],
        },
        { members: 'broken' },
      ],
    };
    expect([...clusteredEpisodeIds(document)].sort()).toEqual(['ep-1', 'ep-2']);
  });

  it.each([[undefined], [[]], [{ clusters: {} }]])('is empty for %j', (document) => {
    expect(clusteredEpisodeIds(document).size).toBe(0);
  });
});

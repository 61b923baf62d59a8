import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { createCorpusCaches } from '../caches/corpus-caches.js';
import { clusteredEpisodeIds, readClusteredEpisodeIds } from './topic-cluster-episodes.js';

const caches = createCorpusCaches();

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

describe('readClusteredEpisodeIds', () => {
  const doc = (ids: string[]) =>
    JSON.stringify({
      clusters: [{ members: [{ topic_id: 'topic:a', episode_ids: ids }, { topic_id: 'topic:b' }] }],
    });

  it('reads the clusters file and follows its changes', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'clustered-'));
    await mkdir(path.join(root, 'search'));
    const file = path.join(root, 'search', 'topic_clusters.json');
    await writeFile(file, doc(['ep-1']));
    expect([...(await readClusteredEpisodeIds({ root, caches }))]).toEqual(['ep-1']);
    await writeFile(file, doc(['ep-2', 'ep-3']));
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    expect([...(await readClusteredEpisodeIds({ root, caches }))].sort()).toEqual(['ep-2', 'ep-3']);
    await rm(root, { recursive: true, force: true });
  });

  it('ignores a clusters file that is a symlink leading out of the corpus', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'clustered-'));
    const outside = await mkdtemp(path.join(tmpdir(), 'clustered-out-'));
    await mkdir(path.join(root, 'search'));
    await writeFile(path.join(outside, 'c.json'), doc(['ep-outside']));
    await symlink(path.join(outside, 'c.json'), path.join(root, 'search', 'topic_clusters.json'));
    expect((await readClusteredEpisodeIds({ root, caches })).size).toBe(0);
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });
});

import { describe, expect, it } from '@jest/globals';
import { EMPTY_TOPIC_CLUSTER_INDEX } from '../src/clusters/topic-cluster-index.js';
import { buildCorpusDigest } from '../src/digest/build-digest.js';
import type { CorpusSnapshot } from '../src/snapshot/corpus-snapshot.js';
import {
  makeStandardCorpus,
  metadataDoc,
  quietRegistries,
  RUN_NEW,
  retitleNewestOne,
  writeJson,
  writeText,
} from './corpus-fixture.js';
import { KG_2 } from './lineage-fixtures.js';

const BANDS = Object.freeze([
  { id: 'weather', label: 'Weather', keywords: ['wind', 'heat', 'tides', 'rain'] },
]);

// From 2026-02-20: a2 (03-01) is inside; c1 (02-15), a1 (01-01) and the
// undated b1 lie below it, so nothing of theirs can change the answer.
const digestOf = (snapshot: CorpusSnapshot, window: 'since' | '1mo' = 'since') =>
  buildCorpusDigest(snapshot, {
    window,
    since: '2026-02-20',
    compact: false,
    includeTopics: true,
    now: new Date('2026-03-10T00:00:00Z'),
    bands: BANDS,
    clusters: EMPTY_TOPIC_CLUSTER_INDEX,
  });

describe('the digest across snapshots', () => {
  const registry = quietRegistries();
  const fresh = async (root: string) => digestOf(await registry().get(root));

  it('keeps its answer when only episodes below its window changed', async () => {
    const root = await makeStandardCorpus();
    const reg = registry();
    const first = await digestOf(await reg.get(root));
    expect(first.rows.map((row) => row.episode_id)).toEqual(['a2']);

    // February (the month before 2026-03-10) holds c1 alone: a2 lies above it.
    const month = await digestOf(await reg.get(root), '1mo');
    expect(month.rows.map((row) => row.episode_id)).toEqual(['c1']);

    await retitleNewestOne(root, 'One, retitled'); // a1: below both windows
    const next = await reg.refresh(root);
    expect(next.episodes.find((e) => e.episode_id === 'a1')?.title).toBe('One, retitled');
    expect(await digestOf(next)).toBe(first);
    expect(first).toEqual(await fresh(root));

    await writeText(
      root,
      `${RUN_NEW}/metadata/0002 - two.metadata.yaml`,
      JSON.stringify(
        metadataDoc({
          feedId: 'show-a',
          episodeId: 'a2',
          title: 'Two, again',
          published: '2026-03-01',
        }),
      ),
    );
    const third = await reg.refresh(root);
    expect(await digestOf(third, '1mo')).toBe(month); // a2 lies above February
    expect(month).toEqual(await digestOf(await registry().get(root), '1mo'));
    expect((await digestOf(third)).rows.map((row) => row.title)).toEqual(['Two, again']);
  });

  it('makes it again when an episode the walk read, the layers or a new episode changed', async () => {
    const root = await makeStandardCorpus();
    const reg = registry();
    let before = await digestOf(await reg.get(root));

    // b1, undated below the window, moves into it.
    await writeJson(
      root,
      'feeds/show-b/metadata/b1.metadata.json',
      metadataDoc({
        feedId: 'show-b',
        episodeId: 'b1',
        title: 'Bee, again',
        published: '2026-02-25',
      }),
    );
    let digest = await digestOf(await reg.refresh(root));
    expect(digest).not.toBe(before);
    expect(digest.rows.map((row) => row.title)).toEqual(['Two', 'Bee, again']);
    expect(digest).toEqual(await fresh(root));
    before = digest;

    // c1, below the window, retitled: the answer is kept.
    await writeText(
      root,
      'metadata/flat1.metadata.yml',
      JSON.stringify(
        metadataDoc({
          feedId: 'show-c',
          episodeId: 'c1',
          title: 'Flat, again',
          published: '2026-02-15',
        }),
      ),
    );
    digest = await digestOf(await reg.refresh(root));
    expect(digest).toBe(before);
    expect(digest).toEqual(await fresh(root));

    // a2 keeps its record; its KG changes (rain instead of tides): a new band match.
    await writeJson(root, `${RUN_NEW}/metadata/0002 - two.kg.json`, {
      ...KG_2,
      nodes: [{ id: 'topic:rain', type: 'Topic', properties: { label: 'rain' } }],
    });
    digest = await digestOf(await reg.refresh(root));
    expect(digest).not.toBe(before);
    expect(digest).toEqual(await fresh(root));
    expect(digest.topic_bands[0]?.rows.map((row) => row.episode_id)).toContain('a2');

    // A new episode inside the window.
    await writeJson(
      root,
      'feeds/show-d/metadata/d1.metadata.json',
      metadataDoc({ feedId: 'show-d', episodeId: 'd1', title: 'Dee', published: '2026-03-05' }),
    );
    digest = await digestOf(await reg.refresh(root));
    expect(digest.rows.map((row) => row.episode_id)).toContain('d1');
    expect(digest).toEqual(await fresh(root));
  });
});

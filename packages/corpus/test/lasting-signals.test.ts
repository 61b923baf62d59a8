import { describe, expect, it } from '@jest/globals';
import { EMPTY_TOPIC_CLUSTER_INDEX } from '../src/clusters/topic-cluster-index.js';
import { buildCorpusDigest } from '../src/digest/build-digest.js';
import { episodeSignalsOf, readEpisodeSignals } from '../src/digest/episode-signals.js';
import type { CorpusSnapshot } from '../src/snapshot/corpus-snapshot.js';
import {
  makeStandardCorpus,
  metadataDoc,
  quietRegistries,
  RUN_NEW,
  retitleNewestOne,
  writeJson,
} from './corpus-fixture.js';
import { KG_2 } from './lineage-fixtures.js';

const BANDS = Object.freeze([
  { id: 'weather', label: 'Weather', keywords: ['wind', 'heat', 'tides', 'rain'] },
]);

const digestOf = (snapshot: CorpusSnapshot) =>
  buildCorpusDigest(snapshot, {
    window: 'since',
    since: '2000-01-01',
    compact: false,
    includeTopics: true,
    now: new Date('2026-03-10T00:00:00Z'),
    bands: BANDS,
    clusters: EMPTY_TOPIC_CLUSTER_INDEX,
  });

describe('episode signals and band matches across snapshots', () => {
  const registry = quietRegistries();

  it('reads again only the changed episodes, and answers as a fresh load of the same files', async () => {
    const root = await makeStandardCorpus();
    const reg = registry();
    const first = await reg.get(root);
    const before = new Map(first.episodes.map((e) => [e, episodeSignalsOf(first, e)]));
    await digestOf(first);

    await retitleNewestOne(root, 'One, retitled'); // a1: a new record, the same layers
    // a2: the same record, a new KG (rain instead of tides)
    await writeJson(root, `${RUN_NEW}/metadata/0002 - two.kg.json`, {
      ...KG_2,
      nodes: [{ id: 'topic:rain', type: 'Topic', properties: { label: 'rain' } }],
    });
    await writeJson(
      root,
      'feeds/show-b/metadata/b1.metadata.json',
      metadataDoc({ feedId: 'show-b', episodeId: 'b1', title: 'Bee' }),
    );
    const next = await reg.refresh(root);
    for (const episode of next.episodes) {
      const signals = episodeSignalsOf(next, episode);
      expect(signals).toEqual(readEpisodeSignals(next, episode));
      const kept = before.get(episode);
      if (episode.episode_id === 'a2') {
        expect(kept).toBeDefined(); // the same record…
        expect(signals).not.toBe(kept); // …read again for its new KG
        expect(signals.topics.map((t) => t.id)).toContain('topic:rain');
      } else if (kept !== undefined) {
        expect(signals).toBe(kept);
      }
    }
    expect(next.episodes.filter((e) => before.has(e)).length).toBeGreaterThan(0);
    const fresh = await registry().get(root);
    expect(await digestOf(next)).toEqual(await digestOf(fresh));
    expect((await digestOf(next)).topic_bands[0]?.rows.map((row) => row.episode_id)).toContain(
      'a2',
    );
  });
});

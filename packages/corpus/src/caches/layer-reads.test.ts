import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { corpusCacheStats, createCorpusCaches } from './corpus-caches.js';
import { pagesWithLayers, readEpisodeLayers } from './layer-reads.js';

const SAMPLE = path.resolve(import.meta.dirname, '../../../../corpus/sample');

/** The layer files of the sample's first episode, as its record names them. */
function firstEpisode() {
  const files = readdirSync(SAMPLE, { recursive: true, encoding: 'utf8' }).sort();
  const gi = files.find((file) => file.endsWith('.gi.json')) as string;
  const stem = gi.slice(0, -'.gi.json'.length);
  return {
    gi_relpath: gi,
    kg_relpath: `${stem}.kg.json`,
    bridge_relpath: files.includes(`${stem}.bridge.json`) ? `${stem}.bridge.json` : null,
  };
}

describe('readEpisodeLayers', () => {
  it('reads every layer by default, and only the kinds asked for when named', async () => {
    const episode = firstEpisode();
    const all = await readEpisodeLayers({ root: SAMPLE, caches: createCorpusCaches() }, [episode]);
    expect(all.graphOf(episode)?.insights.length).toBeGreaterThan(0);
    expect(all.kgOf(episode)?.topics.length).toBeGreaterThan(0);

    const caches = createCorpusCaches();
    const kgOnly = await readEpisodeLayers({ root: SAMPLE, caches }, [episode], undefined, ['kg']);
    expect(kgOnly.kgOf(episode)).toEqual(all.kgOf(episode));
    expect(kgOnly.graphOf(episode)).toBeUndefined();
    expect(kgOnly.bridgeOf(episode)).toBeUndefined();
    const misses = Object.fromEntries(
      corpusCacheStats(caches).map((stats) => [stats.name, stats.misses]),
    );
    expect(Object.entries(misses).filter(([, n]) => n > 0)).toEqual([
      [expect.stringMatching(/kg/), 1],
    ]);
  });

  it('walks pages with the kinds asked for, each page in its order', async () => {
    const episode = firstEpisode();
    const missing = { gi_relpath: 'no/such.gi.json', kg_relpath: null, bridge_relpath: null };
    async function* pages() {
      yield [episode];
      yield [missing, episode];
    }
    const walked = [];
    for await (const { page, layers } of pagesWithLayers(SAMPLE, pages(), ['gi'])) {
      walked.push(page.map((e) => [layers.graphOf(e) !== undefined, layers.kgOf(e) !== undefined]));
    }
    expect(walked).toEqual([
      [[true, false]],
      [
        [false, false],
        [true, false],
      ],
    ]);
  });
});

import { afterEach, describe, expect, it } from '@jest/globals';
import { CorpusLoading } from '@podcast/contracts';
import { holdFirstLoads } from '@podcast/testing';
import type { CorpusRegistry, CorpusRegistryOptions } from '../src/snapshot/corpus-registry.js';
import type { CorpusSnapshot } from '../src/snapshot/corpus-snapshot.js';
import { createQuietRegistry, makeStandardCorpus, servedOf } from './corpus-fixture.js';
import { thrownBy } from './thrown-by.js';

/*
 * A first load serves its episodes before it reads the GI, KG and bridge
 * files (`layersLaterMin`): `get` answers with them while the layers are
 * read, anything that needs a layer throws CorpusLoading (a 503), and
 * `warm` waits for the whole load. The load is held between its two reads
 * by `beforeLayers`, so nothing here depends on timing.
 */

const registries: CorpusRegistry[] = [];
afterEach(() => {
  for (const registry of registries.splice(0)) {
    registry.close();
  }
});

/** A registry whose first loads stop before their layers until `release()`. */
function heldRegistry(options: Partial<CorpusRegistryOptions> = {}) {
  const held = holdFirstLoads();
  const registry = createQuietRegistry({
    watch: false,
    firstLoadWaitMs: 10_000,
    layersLaterMin: 1,
    beforeLayers: held.beforeLayers,
    ...options,
  });
  registries.push(registry);
  return { registry, held: held.roots, reached: held.reached, release: held.release };
}

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

function expectLayersLoading(action: () => unknown): void {
  const err = thrownBy(action, CorpusLoading);
  expect(err.kind).toBe('unavailable');
  expect(err.extra).toMatchObject({ loading: true, retry_after_s: 5, episodes_ready: true });
}

describe('a first load with its layers still to read', () => {
  it('serves the episodes at once, and the layers once they are read', async () => {
    const root = await makeStandardCorpus();
    const { registry, held, release } = heldRegistry();
    const warm = registry.warm(root);
    const early = await registry.get(root);
    expect(held).toHaveLength(1);
    expect(registry.describe()[0]).toMatchObject({
      layersLoading: true,
      episodes: early.episodes.length,
    });
    // The whole load waits for the layers; a second `get` gets the same episodes.
    expect(await settledWithin(warm, 50)).toBe(false);
    expect(await registry.get(root)).toBe(early);
    const [first] = early.episodes;
    if (first === undefined) {
      throw new Error('the standard corpus has episodes');
    }
    expect(early.findEpisodeBySlug(first.slug)).toBe(first);
    expect(early.copiesOf(first)[0]).toBe(first.metadata_relpath);
    expectLayersLoading(() => early.graphOf(first));
    expectLayersLoading(() => early.kgOf(first));
    expectLayersLoading(() => early.bridgeOf(first));
    expectLayersLoading(() => early.artifacts);

    release();
    const loaded = await warm;
    expect(loaded).not.toBe(early);
    expect(await registry.get(root)).toBe(loaded);
    expect(registry.describe()[0]).toMatchObject({ layersLoading: false });
    // The episodes served early are the ones served after the load, record for record.
    expect(early.episodes).toEqual(loaded.episodes);
    expect(early.feeds).toEqual(loaded.feeds);
    expect(loaded.graphOf(first)).toBeDefined();

    // The same answers as a load that served nothing early.
    const plain = createQuietRegistry({ watch: false });
    registries.push(plain);
    expect(servedOf(loaded)).toEqual(servedOf(await plain.warm(root)));
  });

  it('ends the wait of a request that came before the episodes were read', async () => {
    const root = await makeStandardCorpus();
    const { registry, held, release } = heldRegistry();
    // Asked before anything was read: the request waits, and gets the episodes once published.
    const asked = registry.get(root);
    const early = await asked;
    expect(held).toHaveLength(1);
    expectLayersLoading(() => early.graphOf(early.episodes[0] as never));
    release();
    await registry.warm(root);
  });

  it('turns a folder of the root away while the layers load, then serves it', async () => {
    const root = await makeStandardCorpus();
    const { registry, reached, release } = heldRegistry({ firstLoadWaitMs: 20, pinned: [root] });
    // Held before its layers, the load has served its episodes: a 20 ms wait does not race it.
    const warm = registry.warm(root);
    await reached;
    await registry.get(root);
    // A folder view is built from the artifact listing: it waits like a first load.
    await expect(registry.get(`${root}/feeds`)).rejects.toBeInstanceOf(CorpusLoading);
    release();
    await warm;
    const view: CorpusSnapshot = await registry.get(`${root}/feeds`);
    expect(view.episodes.length).toBeGreaterThan(0);
  });

  it('serves nothing early when requests wait for the whole load, or few layers are left', async () => {
    const root = await makeStandardCorpus();
    for (const options of [{ firstLoadWaitMs: undefined }, { layersLaterMin: 1_000_000 }]) {
      const { registry, held } = heldRegistry(options);
      const loaded = await registry.get(root);
      expect(held).toEqual([]);
      expect(loaded.graphOf(loaded.episodes[0] as never)).toBeDefined();
    }
  });
});

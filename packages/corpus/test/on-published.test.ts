import { afterEach, describe, expect, it } from '@jest/globals';
import type { CorpusRegistry } from '../src/snapshot/corpus-registry.js';
import type { CorpusSnapshot } from '../src/snapshot/corpus-snapshot.js';
import { createQuietRegistry, makeStandardCorpus, retitleNewestOne } from './corpus-fixture.js';

describe('onPublished', () => {
  let registry: CorpusRegistry | undefined;
  afterEach(() => registry?.close());

  it('is told of each new snapshot a sync publishes, and of no unchanged one', async () => {
    const root = await makeStandardCorpus();
    const published: CorpusSnapshot[] = [];
    registry = createQuietRegistry({
      watch: false,
      refreshIntervalMs: 60_000,
      onPublished: (snapshot) => published.push(snapshot),
    });
    const first = await registry.get(root);
    expect(published).toEqual([first]);

    // Nothing changed: the same snapshot, nobody told.
    expect(await registry.refresh(root)).toBe(first);
    expect(published).toHaveLength(1);

    await retitleNewestOne(root, 'Retitled for the listener');
    const second = await registry.refresh(root);
    expect(second).not.toBe(first);
    expect(published).toEqual([first, second]);
    expect(second.episodes.map((e) => e.title)).toContain('Retitled for the listener');
  });

  it('keeps syncing when the listener throws', async () => {
    const root = await makeStandardCorpus();
    registry = createQuietRegistry({
      watch: false,
      refreshIntervalMs: 60_000,
      onPublished: () => {
        throw new Error('a listener broke');
      },
    });
    const first = await registry.get(root);
    await retitleNewestOne(root, 'Still served');
    const second = await registry.refresh(root);
    expect(second).not.toBe(first);
    expect(second.episodes.map((e) => e.title)).toContain('Still served');
  });
});

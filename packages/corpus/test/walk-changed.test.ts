import { rm } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { type DirIndex, walkCorpus } from '../src/discovery/discovery.js';
import { makeStandardCorpus, metadataDoc, RUN_OLD, writeJson } from './corpus-fixture.js';

const full = (root: string) => walkCorpus(root, { nowMs: Date.now() });

/** A trusted walk over `previous` of the directories named in `changed`, as a watcher reports them. */
const changedOnly = (root: string, previous: DirIndex, changed: string[]) =>
  walkCorpus(root, {
    previous,
    forceList: new Set(changed),
    trustPrevious: true,
    nowMs: Date.now(),
  });

/** The listings without their mtimes and stability, for comparing walks made at different times. */
const shape = (dirs: DirIndex) =>
  [...dirs].map(([rel, l]) => [rel, l.subdirs, l.files, l.episodes] as const).sort();

describe('a trusted walk of the watched changes', () => {
  it('visits only the named directories and the new ones under them', async () => {
    const root = await makeStandardCorpus();
    const before = await full(root);
    await writeJson(
      root,
      'feeds/show-new/run_1/metadata/n1.metadata.json',
      metadataDoc({ feedId: 'show-new', episodeId: 'n1' }),
    );
    const walk = await changedOnly(root, before.dirs, ['feeds']);
    expect(walk.visited).toBe(4); // feeds, show-new, its run and its metadata folder
    expect([...walk.relisted].sort()).toEqual([
      'feeds',
      'feeds/show-new',
      'feeds/show-new/run_1',
      'feeds/show-new/run_1/metadata',
    ]);
    expect(walk.dirs.get('feeds/show-new/run_1/metadata')?.files).toEqual(['n1.metadata.json']);
    expect(walk.gone?.size).toBe(0);
    expect(shape(walk.dirs)).toEqual(shape((await full(root)).dirs));
    // Every listing it did not visit is the previous object itself.
    for (const [rel, listing] of before.dirs) {
      if (rel !== 'feeds') expect(walk.dirs.get(rel)).toBe(listing);
    }
  });

  it('drops a removed directory with everything under it, and names what it dropped', async () => {
    const root = await makeStandardCorpus();
    const before = await full(root);
    await rm(`${root}/${RUN_OLD}`, { recursive: true });
    const under = [...before.dirs.keys()].filter((rel) => rel.startsWith(RUN_OLD)).sort();
    expect(under.length).toBeGreaterThan(1);
    // The watcher names the run's parent, and may name the vanished folders too.
    for (const named of [['feeds/show-a'], ['feeds/show-a', `${RUN_OLD}/metadata`]]) {
      const walk = await changedOnly(root, before.dirs, named);
      expect([...(walk.gone ?? [])].sort()).toEqual(under);
      expect(shape(walk.dirs)).toEqual(shape((await full(root)).dirs));
    }
  });

  it('walks every directory when the root itself changed', async () => {
    const root = await makeStandardCorpus();
    const before = await full(root);
    const walk = await changedOnly(root, before.dirs, ['']);
    expect(walk.gone).toBeUndefined();
    expect(walk.visited).toBe(1); // the root: every other listing is trusted, but visited
    expect(shape(walk.dirs)).toEqual(shape(before.dirs));
  });
});

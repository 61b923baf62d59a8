import { describe, expect, it } from '@jest/globals';
import type { DirIndex, DirListing } from '../discovery/discovery.js';
import { listTrackedFiles, type Siblings, siblingRelpath } from './corpus-state.js';
import { createStringPool } from './string-pool.js';

const listing = (files: string[]): DirListing => ({
  mtimeMs: 0,
  stable: true,
  subdirs: [],
  files,
  episodes: true,
});

/** Every metadata file's siblings as listed, checked against the paths its relpath gives. */
function expectSiblingsOf(dirs: DirIndex): Array<Siblings | undefined> {
  const siblings: Array<Siblings | undefined> = [];
  const { relpaths, kinds } = listTrackedFiles(dirs, undefined, siblings);
  relpaths.forEach((relpath, place) => {
    if (kinds[place] === 'metadata') {
      expect(siblings[place]).toEqual([
        siblingRelpath(relpath, 'gi'),
        siblingRelpath(relpath, 'kg'),
        siblingRelpath(relpath, 'bridge'),
      ]);
    } else {
      expect(siblings[place]).toBeUndefined();
    }
  });
  return siblings;
}

/** A small deterministic generator, so a failure names a listing that can be made again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('listTrackedFiles siblings', () => {
  it('gives each metadata file its siblings, listed or not, in a sorted listing and at the root', () => {
    const files = [
      'a.bridge.json',
      'a.gi.json',
      'a.kg.json',
      'a.metadata.json',
      'a.x.gi.json', // a longer stem that starts with "a."
      'a.x.metadata.json',
      'b.gi.json',
      'b.metadata.yaml',
      'b.transcript.json', // listed, not tracked
      'c.metadata.json', // no siblings at all
    ].sort();
    const siblings = expectSiblingsOf(
      new Map([
        ['feeds/f/run/metadata', listing(files)],
        ['', listing(['a.gi.json', 'a.metadata.json'])],
      ]),
    );
    expect(siblings.filter(Boolean)).toHaveLength(5);
  });

  it('maps a directory whose names share a stem past the neighbours it looks at, and copes with an unsorted listing', () => {
    // "s" starts 40 other stems: its siblings lie beyond the names looked at around it.
    const crowded = ['s.metadata.json', 's.gi.json', 's.kg.json'];
    for (let i = 0; i < 40; i++) {
      crowded.push(`s.${i}.metadata.json`, `s.${i}.gi.json`);
    }
    const unsorted = ['z.gi.json', 'y.metadata.json', 'z.metadata.json', 'y.bridge.json'];
    expectSiblingsOf(
      new Map([
        ['m/crowded', listing(crowded.sort())],
        ['m/unsorted', listing(unsorted)],
      ]),
    );
  });

  it('agrees with the relpaths on random listings, pooled or not', () => {
    const next = random(7);
    const stems = ['ep', 'ep.1', 'ep-1', 'ep.1.2', 'x', 'x.metadata', 'Ep', 'ep_é'];
    const kinds = ['metadata.json', 'metadata.yml', 'gi.json', 'kg.json', 'bridge.json', 'txt'];
    for (let round = 0; round < 20; round++) {
      const dirs: DirIndex = new Map();
      for (let d = 0; d < 3; d++) {
        const names = new Set<string>();
        for (let i = 0; i < 30; i++) {
          const stem = stems[Math.floor(next() * stems.length)] as string;
          names.add(`${stem}.${kinds[Math.floor(next() * kinds.length)]}`);
        }
        dirs.set(`feeds/f${d}/metadata`, listing([...names].sort()));
      }
      expectSiblingsOf(dirs);
      const pooled: Array<Siblings | undefined> = [];
      listTrackedFiles(dirs, createStringPool(), pooled);
      expect(pooled).toEqual(expectSiblingsOf(dirs));
    }
  });
});

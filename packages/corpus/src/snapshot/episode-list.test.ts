import { describe, expect, it } from '@jest/globals';
import type { EpisodeRecord } from '../records/episode-record.js';
import { type CachedMetadata, createCorpusState } from './corpus-state.js';
import { episodeListOf } from './episode-list.js';

/** Records by relpath, edited by the tests; the list asks for them as the loader's memo would. */
function setup(count: number) {
  const state = createCorpusState('/corpus');
  const records = new Map<string, EpisodeRecord>();
  const put = (
    i: number,
    title: string,
    date = `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
  ) => {
    const relpath = `m/${String(i).padStart(5, '0')}.metadata.json`;
    records.set(relpath, {
      slug: `s${i}`,
      episode_id: `e${i}`,
      metadata_relpath: relpath,
      publish_date: date,
      title,
    } as EpisodeRecord);
    state.metadata.set(relpath, { mtimeMs: 1, size: 1, stable: true, value: {} } as CachedMetadata);
    return relpath;
  };
  for (let i = 0; i < count; i++) {
    put(i, `t${i}`);
  }
  const winners = new Set(records.keys());
  const list = () => episodeListOf(state, winners, (relpath) => records.get(relpath));
  return { state, put, list };
}

describe('episodeListOf', () => {
  it('sorts the winners newest first, then by relpath', () => {
    const { list } = setup(40);
    const { episodes } = list();
    const keys = episodes.map((e) => `${e.publish_date} ${e.metadata_relpath}`);
    expect(episodes).toHaveLength(40);
    expect(keys[0]?.startsWith('2026-01-28')).toBe(true);
    expect(keys.at(-1)?.startsWith('2026-01-01')).toBe(true);
  });

  it('names the records a patch replaced in place, and nothing when one moved', () => {
    const { state, put, list } = setup(40);
    const first = list();
    state.touched.add(put(9, 'nine, retitled'));
    state.touched.add(put(7, 'seven, retitled'));
    const second = list();
    expect(second.replaced?.base).toBe(first.episodes);
    // In the catalog order, each old record against its new one at the same place.
    expect(
      second.replaced?.pairs.map(([old, next]) => [
        first.episodes.indexOf(old),
        second.episodes.indexOf(next),
        next.title,
      ]),
    ).toEqual([
      [
        first.episodes.findIndex((e) => e.episode_id === 'e9'),
        second.episodes.findIndex((e) => e.episode_id === 'e9'),
        'nine, retitled',
      ],
      [
        first.episodes.findIndex((e) => e.episode_id === 'e7'),
        second.episodes.findIndex((e) => e.episode_id === 'e7'),
        'seven, retitled',
      ],
    ]);
    state.touched.add(put(7, 'seven, moved', '2026-02-01'));
    expect(list().replaced).toBeUndefined();
  });

  it('replaces only touched records, leaving the earlier list and its lookups as they were', () => {
    const { state, put, list } = setup(40);
    const first = list();
    const relpath = put(7, 'seven, retitled');
    state.touched.add(relpath);
    const second = list();
    expect(second.episodes).not.toBe(first.episodes);
    expect(second.byId.get('e7')?.title).toBe('seven, retitled');
    expect(second.bySlug.get('s7')?.title).toBe('seven, retitled');
    expect(second.byRelpath.get(relpath)?.title).toBe('seven, retitled');
    expect(second.episodes.map((e) => e.metadata_relpath)).toEqual(
      first.episodes.map((e) => e.metadata_relpath),
    );
    expect(first.byId.get('e7')?.title).toBe('t7');
    // A second patch keeps the first one's change.
    state.touched.add(put(9, 'nine, retitled'));
    const third = list();
    expect(third.byId.get('e7')?.title).toBe('seven, retitled');
    expect(third.byId.get('e9')?.title).toBe('nine, retitled');
    // Nothing touched: the same list.
    expect(list()).toBe(third);
  });

  it('moves a record whose publish date changed and indexes the lookups again', () => {
    const { state, put, list } = setup(40);
    list();
    state.touched.add(put(3, 'three', '2027-06-01'));
    const { episodes, byId } = list();
    expect(episodes[0]?.episode_id).toBe('e3');
    expect(byId.get('e3')?.publish_date).toBe('2027-06-01');
  });

  it('indexes the lookups again once the changes over them pass their bound', () => {
    const { state, put, list } = setup(1100);
    list();
    for (let i = 0; i < 1100; i++) {
      state.touched.add(put(i, `retitled ${i}`));
    }
    const { bySlug } = list();
    expect('changes' in bySlug).toBe(false); // indexed, not an overlay
    expect(bySlug.get('s1099')?.title).toBe('retitled 1099');
  });

  it('indexes a lookup on its first use, once, and keeps the first record of each key', () => {
    const { state, put, list } = setup(3);
    // Two winners with one slug: the newer one (first in the sorted list) is found.
    const relpath = put(5, 'five', '2027-01-01');
    const twin = {
      slug: 's0',
      episode_id: 'e5',
      metadata_relpath: relpath,
      publish_date: '2027-01-01',
      title: 'five',
    };
    let reads = 0;
    const counted = Object.defineProperty({ ...twin }, 'slug', {
      enumerable: true,
      get: () => {
        reads++;
        return twin.slug;
      },
    }) as unknown as EpisodeRecord;
    const winners = new Set([...state.metadata.keys()]);
    const records = new Map(
      [...list().episodes].map((e) => [e.metadata_relpath, e] as [string, EpisodeRecord]),
    );
    records.set(relpath, counted);
    state.episodeList = undefined;
    const fresh = episodeListOf(state, winners, (r) => records.get(r));
    const afterSort = reads;
    expect(fresh.bySlug.get('s0')).toBe(counted);
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(afterSort);
    expect(fresh.bySlug.get('s1')?.episode_id).toBe('e1');
    expect(fresh.bySlug.get('nope')).toBeUndefined();
    expect(reads).toBe(afterFirst);
  });

  it('keeps the feed basis while patches change no feed field and move no episode', () => {
    const { state, put, list } = setup(40);
    const first = list();
    expect(first.feedBasis).toBeUndefined();
    state.touched.add(put(7, 'seven, retitled'));
    const second = list();
    expect(second.feedBasis).toBe(first.episodes);
    state.touched.add(put(9, 'nine, retitled'));
    expect(list().feedBasis).toBe(first.episodes);
    // A new publish date moves the episode: its feed's newest episode may be another one.
    state.touched.add(put(3, 'three', '2027-06-01'));
    expect(list().feedBasis).toBeUndefined();
  });

  it('makes the lookups in the background once asked to prepare them', async () => {
    const { state, list } = setup(3000);
    state.episodeList = undefined;
    const fresh = list();
    let slugReads = 0;
    const counted = fresh.episodes.map((e) =>
      Object.defineProperty({ ...e }, 'slug', {
        enumerable: true,
        get: () => {
          slugReads++;
          return e.slug;
        },
      }),
    ) as unknown as EpisodeRecord[];
    const records = new Map(counted.map((e) => [e.metadata_relpath, e]));
    state.episodeList = undefined;
    const prepared = episodeListOf(state, new Set(records.keys()), (r) => records.get(r));
    const afterSort = slugReads;
    prepared.prepare?.();
    for (let i = 0; i < 50 && slugReads < afterSort + 3000; i++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(slugReads).toBe(afterSort + 3000);
    expect(prepared.bySlug.get('s2999')?.episode_id).toBe('e2999');
    expect(slugReads).toBe(afterSort + 3000);
  });
});

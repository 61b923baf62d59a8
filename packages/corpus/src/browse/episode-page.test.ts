import { describe, expect, it } from '@jest/globals';
import { compareEpisodes, type SortableEpisode } from '../records/episode-sort.js';
import { pageEpisodes } from './episode-page.js';

const ep = (publish_date: string | null, name: string): SortableEpisode => ({
  publish_date,
  metadata_relpath: `metadata/${name}.metadata.json`,
});

const catalog = (rows: SortableEpisode[]) => [...rows].sort(compareEpisodes);

const ROWS = catalog([
  ep('2026-11-03', 'c'),
  ep('2026-11-03', 'a'),
  ep('2026-11-01', 'd'),
  ep(null, 'z'),
  ep('2026-10-09', 'b'),
  ep(null, 'y'),
]);

const names = (rows: SortableEpisode[]) => rows.map((r) => r.metadata_relpath.slice(9, 10));

function allPages(rows: SortableEpisode[], limit: number, matches = (_: SortableEpisode) => true) {
  const pages: string[][] = [];
  let after: SortableEpisode | undefined;
  do {
    const page = pageEpisodes(rows, matches, after, limit);
    pages.push(names(page.rows));
    after = page.next ?? undefined;
  } while (after !== undefined);
  return pages;
}

describe('pageEpisodes', () => {
  it.each([
    [1, [['a'], ['c'], ['d'], ['b'], ['y'], ['z']]],
    [
      2,
      [
        ['a', 'c'],
        ['d', 'b'],
        ['y', 'z'],
      ],
    ],
    [
      4,
      [
        ['a', 'c', 'd', 'b'],
        ['y', 'z'],
      ],
    ],
    [6, [['a', 'c', 'd', 'b', 'y', 'z']]],
    [50, [['a', 'c', 'd', 'b', 'y', 'z']]],
  ])('walks the whole catalog once in pages of %i', (limit, pages) => {
    expect(allPages(ROWS, limit)).toEqual(pages);
  });

  it('returns no cursor when the last page is exactly full', () => {
    const page = pageEpisodes(ROWS, () => true, ROWS[3], 2);
    expect(names(page.rows)).toEqual(['y', 'z']);
    expect(page.next).toBeNull();
  });

  it('applies the predicate and pages only over matching rows', () => {
    const dated = (row: SortableEpisode) => row.publish_date !== null;
    expect(allPages(ROWS, 3, dated)).toEqual([['a', 'c', 'd'], ['b']]);
  });

  it('neither repeats nor skips rows when rows are added or removed between pages', () => {
    const first = pageEpisodes(ROWS, () => true, undefined, 2);
    const changed = catalog([
      ...ROWS.filter((row) => !row.metadata_relpath.includes('/c.')),
      ep('2026-11-30', 'n'),
      ep('2026-11-02', 'm'),
    ]);
    const second = pageEpisodes(changed, () => true, first.next ?? undefined, 10);
    expect(names(first.rows)).toEqual(['a', 'c']);
    expect(names(second.rows)).toEqual(['m', 'd', 'b', 'y', 'z']);
  });
});

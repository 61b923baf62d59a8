import { describe, expect, it } from '@jest/globals';
import { compareEpisodes, type SortableEpisode } from './episode-sort.js';

const row = (publish_date: string | null, metadata_relpath: string): SortableEpisode => ({
  publish_date,
  metadata_relpath,
});

describe('compareEpisodes', () => {
  it('orders newest first, ties by relpath, undated last by relpath', () => {
    const rows = [
      row(null, 'z'),
      row('2026-01-01', 'b'),
      row('2026-03-01', 'c'),
      row(null, 'a'),
      row('2026-01-01', 'a'),
    ];
    const order = [...rows]
      .sort(compareEpisodes)
      .map((r) => `${r.publish_date}:${r.metadata_relpath}`);
    expect(order).toEqual(['2026-03-01:c', '2026-01-01:a', '2026-01-01:b', 'null:a', 'null:z']);
  });
});

import { describe, expect, it } from '@jest/globals';
import { createDerivedValues } from '../caches/derived-values.js';
import { buildEpisodeRecord, type EpisodeRecord } from '../records/episode-record.js';
import { compareEpisodes } from '../records/episode-sort.js';
import { buildFeedRecords } from '../records/feeds.js';
import { type CatalogSource, catalogPage, filteredEpisodes, pageOf } from './catalog-page.js';

function record(index: number, feedId: string, transcript: boolean, gi: boolean): EpisodeRecord {
  return buildEpisodeRecord({
    metadata: {
      feed: { feed_id: feedId },
      episode: {
        title: `Episode ${index}`,
        episode_id: `ep-${index}`,
        published_date: `2026-01-${String(index + 1).padStart(2, '0')}`,
      },
      content: transcript ? { transcript_file_path: `transcripts/${index}.txt` } : {},
    },
    metadataRelpath: `metadata/${index}.metadata.json`,
    root: '/corpus',
    siblings: { gi, kg: false, bridge: false },
    artExists: () => false,
  });
}

/** A snapshot-shaped source over real records: newest first, feeds aggregated. */
function sourceOf(records: EpisodeRecord[]): CatalogSource {
  const episodes = [...records].sort(compareEpisodes);
  const feeds = buildFeedRecords(episodes);
  return {
    episodes,
    findFeed: (id) => feeds.find((feed) => feed.feed_id === id),
    derived: createDerivedValues(),
  };
}

const source = sourceOf([
  record(0, 'a', true, true),
  record(1, 'a', true, false),
  record(2, 'b', false, false),
  record(3, 'b', true, true),
  record(4, '', true, true),
]);

const titles = (episodes: readonly EpisodeRecord[]) => episodes.map((episode) => episode.title);

describe('filteredEpisodes', () => {
  it.each([
    [{}, ['Episode 4', 'Episode 3', 'Episode 2', 'Episode 1', 'Episode 0']],
    [{ status: 'ready' as const }, ['Episode 4', 'Episode 3', 'Episode 0']],
    [{ status: 'partial' as const }, ['Episode 1']],
    [{ status: 'pending' as const }, ['Episode 2']],
    [{ feedId: 'b' }, ['Episode 3', 'Episode 2']],
    [{ feedId: 'b', status: 'ready' as const }, ['Episode 3']],
    [{ feedId: '' }, ['Episode 4']],
    [{ feedId: 'unknown' }, []],
  ])('keeps newest-first order under filter %j', (filter, expected) => {
    expect(titles(filteredEpisodes(source, filter))).toEqual(expected);
  });

  it('returns the same list for the same snapshot and filter', () => {
    const first = filteredEpisodes(source, { feedId: 'a', status: 'ready' });
    expect(filteredEpisodes(source, { feedId: 'a', status: 'ready' })).toBe(first);
  });
});

describe('pageOf', () => {
  it.each([
    [1, 2, ['a', 'b'], true],
    [2, 2, ['c', 'd'], true],
    [3, 2, ['e'], false],
    [4, 2, [], false],
    [1, 5, ['a', 'b', 'c', 'd', 'e'], false],
    [1, 100, ['a', 'b', 'c', 'd', 'e'], false],
  ])('page %i of size %i holds %j (has_more %s)', (page, size, slice, hasMore) => {
    expect(pageOf(['a', 'b', 'c', 'd', 'e'], page, size)).toEqual({
      slice,
      total: 5,
      has_more: hasMore,
    });
  });
});

describe('catalogPage', () => {
  it('counts the filtered total across pages', () => {
    const page = catalogPage(source, { status: 'ready' }, { page: 2, pageSize: 2 });
    expect(titles(page.episodes)).toEqual(['Episode 0']);
    expect(page).toMatchObject({ page: 2, page_size: 2, total: 3, has_more: false });
  });
});

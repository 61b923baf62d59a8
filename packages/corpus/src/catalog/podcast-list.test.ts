import { describe, expect, it } from '@jest/globals';
import { PodcastList } from '@podcast/contracts';
import { createDerivedValues } from '../caches/derived-values.js';
import type { FeedRecord } from '../records/feeds.js';
import { podcastItemsOf, podcastListOf } from './podcast-list.js';

const feed = (feed_id: string, title: string | null, art: string | null = null): FeedRecord => ({
  feed_id,
  title,
  description: null,
  url: null,
  image_url: null,
  image_local_relpath: art,
  episode_count: 2,
});

describe('podcastItemsOf', () => {
  it('lists shows by title, ties by id, without the empty feed id', () => {
    const items = podcastItemsOf([
      feed('sha256:b', 'zebra talk'),
      feed('sha256:a', 'Apple Hour'),
      feed('sha256:c', 'apple hour'),
      feed('', 'No feed id'),
    ]);
    expect(items.map((item) => item.feed_id)).toEqual(['sha256:a', 'sha256:c', 'sha256:b']);
    expect(PodcastList.parse({ items })).toEqual({ items });
  });

  it('names an untitled show and links its stored art as a thumbnail', () => {
    const [item] = podcastItemsOf([feed('f', null, '.podcast_scraper/corpus-art/f.png')]);
    expect(item).toMatchObject({
      title: '(untitled)',
      artwork_url: '/api/app/artwork?ref=.podcast_scraper%2Fcorpus-art%2Ff.png&size=thumb',
      episode_count: 2,
    });
  });
});

describe('podcastListOf', () => {
  it('computes the list once per snapshot', () => {
    const feeds = [feed('f', 'F')];
    const snapshot = { feeds, derived: createDerivedValues() };
    expect(podcastListOf(snapshot).items).toBe(podcastListOf(snapshot).items);
    const next = { feeds, derived: createDerivedValues() };
    expect(podcastListOf(next).items).not.toBe(podcastListOf(snapshot).items);
  });
});

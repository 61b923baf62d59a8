import type { PodcastItem } from '@podcast/contracts';
import { artworkUrl } from '../readers/episode-fields.js';
import type { FeedRecord } from '../records/feeds.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { perSnapshot } from '../snapshot/snapshot-memo.js';

const UNTITLED = '(untitled)';

export function podcastItemOf(feed: FeedRecord): PodcastItem {
  return {
    feed_id: feed.feed_id,
    title: feed.title ?? UNTITLED,
    artwork_url: artworkUrl(feed.image_local_relpath, 'thumb'),
    image_url: feed.image_url,
    description: feed.description,
    episode_count: feed.episode_count,
  };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The shows of the catalog by title (as a shelf reads), ties by feed id.
 * Episodes without a feed id are not a show and are left out.
 */
export function podcastItemsOf(feeds: readonly FeedRecord[]): PodcastItem[] {
  return feeds
    .filter((feed) => feed.feed_id !== '')
    .map(podcastItemOf)
    .sort(
      (a, b) =>
        collator.compare(a.title, b.title) ||
        (a.feed_id < b.feed_id ? -1 : a.feed_id > b.feed_id ? 1 : 0),
    );
}

const itemsOf = perSnapshot(
  (snapshot: Pick<CorpusSnapshot, 'feeds' | 'derived'>): readonly PodcastItem[] =>
    podcastItemsOf(snapshot.feeds),
  'podcast_list',
);

/** `podcastItemsOf` memoised per snapshot. */
export function podcastListOf(snapshot: Pick<CorpusSnapshot, 'feeds' | 'derived'>): {
  items: readonly PodcastItem[];
} {
  return { items: itemsOf(snapshot) };
}

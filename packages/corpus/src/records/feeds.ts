import type { EpisodeRecord } from './episode-record.js';

/** A show aggregated from its episodes' metadata. */
export interface FeedRecord {
  /** '' groups episodes whose metadata names no feed id (podcast lists drop it). */
  feed_id: string;
  title: string | null;
  description: string | null;
  url: string | null;
  image_url: string | null;
  /** Verified local art of the show, else null. */
  image_local_relpath: string | null;
  episode_count: number;
}

function compareFeedIds(a: FeedRecord, b: FeedRecord): number {
  if ((a.feed_id === '') !== (b.feed_id === '')) {
    return a.feed_id === '' ? 1 : -1;
  }
  return a.feed_id < b.feed_id ? -1 : a.feed_id > b.feed_id ? 1 : 0;
}

/**
 * Feeds from catalog-ordered episodes: each field comes from the newest
 * episode that has it. Sorted by id, the empty id last (spec 04 §3).
 *
 * Runs on every snapshot whose episode list changed, over every episode, so
 * each field is read by name: a loop over (field, source) pairs made each
 * read a keyed one and made this pass slow, in one piece, after every change.
 */
export function buildFeedRecords(episodes: readonly EpisodeRecord[]): FeedRecord[] {
  const feeds = new Map<string, FeedRecord>();
  for (const episode of episodes) {
    let feed = feeds.get(episode.feed_id);
    if (feed === undefined) {
      feed = {
        feed_id: episode.feed_id,
        title: null,
        description: null,
        url: null,
        image_url: null,
        image_local_relpath: null,
        episode_count: 0,
      };
      feeds.set(episode.feed_id, feed);
    }
    feed.episode_count++;
    feed.title ??= episode.podcast_title;
    feed.description ??= episode.feed_description;
    feed.url ??= episode.feed_url;
    feed.image_url ??= episode.feed_image_url;
    feed.image_local_relpath ??= episode.feed_image_local_relpath;
  }
  return [...feeds.values()].sort(compareFeedIds);
}

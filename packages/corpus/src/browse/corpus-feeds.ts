import type { CorpusFeed } from '@podcast/contracts';
import type { EpisodeRecord } from '../records/episode-record.js';
import type { FeedRecord } from '../records/feeds.js';

/** Feed rows with the newest publish date of each; `episodes` are in catalog order. */
export function corpusFeedRows(
  feeds: readonly FeedRecord[],
  episodes: readonly EpisodeRecord[],
): CorpusFeed[] {
  const latest = new Map<string, string>();
  for (const episode of episodes) {
    if (episode.publish_date !== null && !latest.has(episode.feed_id)) {
      latest.set(episode.feed_id, episode.publish_date);
    }
  }
  return feeds.map((feed) => corpusFeedOf(feed, latest.get(feed.feed_id) ?? null));
}

/** One feed's row, given the newest publish date among its episodes (null when none is dated). */
export function corpusFeedOf(feed: FeedRecord, latestPublishDate: string | null): CorpusFeed {
  return {
    feed_id: feed.feed_id,
    title: feed.title,
    description: feed.description,
    url: feed.url,
    image_url: feed.image_url,
    image_local_relpath: feed.image_local_relpath,
    episode_count: feed.episode_count,
    latest_publish_date: latestPublishDate,
  };
}

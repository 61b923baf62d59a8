import type { EpisodeCatalogItem } from '@podcast/contracts';
import { corpusFeedsOf } from '../browse/corpus-metrics.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import type { FeedRecord } from '../records/feeds.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { catalogItemOf } from './catalog-item.js';
import { podcastItemOf } from './podcast-list.js';

/** The trending window of the landing feed, as for trending topics. */
const WINDOW_DAYS = 30;

const dayBefore = (now: Date, days: number) =>
  new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

/** The publish days a show's recent episodes fall on: the 30 UTC days to `now`'s. */
export function trendingShowsWindow(now: Date): { since: string; today: string } {
  return { since: dayBefore(now, WINDOW_DAYS - 1), today: now.toISOString().slice(0, 10) };
}

/**
 * Shows by how many episodes they published in the last 30 days (UTC),
 * then by their newest episode, then feed id; a show with none in the window
 * still ranks after those that have some, so a quiet corpus keeps a shelf.
 */
export function trendingShows(snapshot: CorpusSnapshot, now: Date, limit: number) {
  const { since, today } = trendingShowsWindow(now);
  const recent = new Map<string, number>();
  const latest = new Map(
    corpusFeedsOf(snapshot).map((feed) => [feed.feed_id, feed.latest_publish_date]),
  );
  for (const episode of snapshot.episodes) {
    const day = episode.publish_date;
    if (day !== null && day >= since && day <= today) {
      recent.set(episode.feed_id, (recent.get(episode.feed_id) ?? 0) + 1);
    }
  }
  return rankTrendingShows(snapshot.feeds, recent, latest, limit);
}

/**
 * The ranking of `trendingShows` over counts made elsewhere (the corpus
 * index): episodes in the window and the newest dated episode, per feed id.
 */
export function rankTrendingShows(
  feeds: readonly FeedRecord[],
  recent: ReadonlyMap<string, number>,
  latest: ReadonlyMap<string, string | null>,
  limit: number,
) {
  const newest = (feed: FeedRecord) => latest.get(feed.feed_id) ?? '';
  return feeds
    .filter((feed) => feed.feed_id !== '')
    .sort(
      (a, b) =>
        (recent.get(b.feed_id) ?? 0) - (recent.get(a.feed_id) ?? 0) ||
        (newest(a) < newest(b) ? 1 : newest(a) > newest(b) ? -1 : 0) ||
        (a.feed_id < b.feed_id ? -1 : 1),
    )
    .slice(0, limit)
    .map((feed) => ({
      ...podcastItemOf(feed),
      recent_episode_count: recent.get(feed.feed_id) ?? 0,
      latest_publish_date: latest.get(feed.feed_id) ?? null,
    }));
}

/** The newest episodes that have grounded insights to show, as catalog cards. */
export function recentEpisodesWithInsights(
  snapshot: Pick<CorpusSnapshot, 'episodes' | 'findFeed'>,
  limit: number,
): EpisodeCatalogItem[] {
  const picked: EpisodeRecord[] = [];
  for (const episode of snapshot.episodes) {
    if (picked.length >= limit) {
      break;
    }
    if (episode.has_gi && episode.publish_date !== null) {
      picked.push(episode);
    }
  }
  return picked.map((episode) => catalogItemOf(episode, snapshot.findFeed(episode.feed_id)));
}

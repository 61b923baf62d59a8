import type { EpisodeRecord } from '../records/episode-record.js';
import type { FeedRecord } from '../records/feeds.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { perSnapshot } from '../snapshot/snapshot-memo.js';
import { type Cadence, cadenceOf } from './cadence.js';
import { episodeSignalsOf, type LabeledId } from './episode-signals.js';

export interface FeedTopicShare {
  id: string;
  label: string;
  count: number;
  share: number;
}

export interface FeedSignals {
  feed_id: string;
  title: string | null;
  episodes_considered: number;
  episodes_with_topics: number;
  topics: FeedTopicShare[];
  cadence: Cadence;
}

export interface FeedSignalsOptions {
  topK: number;
  /** The show's newest episodes taken into account. */
  maxEpisodes: number;
}

const byFeedOf = perSnapshot((snapshot) => {
  const byFeed = new Map<string, EpisodeRecord[]>();
  for (const episode of snapshot.episodes) {
    const list = byFeed.get(episode.feed_id) ?? [];
    list.push(episode);
    byFeed.set(episode.feed_id, list);
  }
  return byFeed;
});

/** Episodes of each feed, newest first, grouped once per snapshot. */
export function episodesOfFeed(snapshot: CorpusSnapshot, feedId: string): readonly EpisodeRecord[] {
  return byFeedOf(snapshot).get(feedId) ?? [];
}

/**
 * Topics ranked by the episodes carrying them (ties: smallest id). `share`
 * divides by the episodes that have any topic, so shows whose older episodes
 * were never analysed are not diluted by them.
 */
export function topicDistribution(
  episodes: ReadonlyArray<readonly LabeledId[]>,
  topK: number,
): { withTopics: number; topics: FeedTopicShare[] } {
  const counts = new Map<string, { label: string; count: number }>();
  let withTopics = 0;
  for (const topics of episodes) {
    withTopics += topics.length > 0 ? 1 : 0;
    for (const { id, label } of topics) {
      const entry = counts.get(id);
      counts.set(id, { label: entry?.label ?? label, count: (entry?.count ?? 0) + 1 });
    }
  }
  const topics = [...counts.entries()]
    .map(([id, { label, count }]) => ({
      id,
      label,
      count,
      share: Math.round((count / withTopics) * 1000) / 1000,
    }))
    .sort((a, b) => b.count - a.count || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, topK);
  return { withTopics, topics };
}

/** Topic distribution and cadence of one show; undefined when the corpus has no such feed. */
export function feedSignals(
  snapshot: CorpusSnapshot,
  feedId: string,
  options: FeedSignalsOptions,
): FeedSignals | undefined {
  const feed = snapshot.findFeed(feedId);
  if (feed === undefined) {
    return undefined;
  }
  const episodes = episodesOfFeed(snapshot, feedId).slice(0, options.maxEpisodes);
  return feedSignalsFrom(
    feed,
    episodes.map((episode) => ({
      publish_date: episode.publish_date,
      topics: episodeSignalsOf(snapshot, episode).topics,
    })),
    options.topK,
  );
}

/** A considered episode of a show: its publish day and its topics. */
export interface FeedEpisodeSignals {
  publish_date: string | null;
  topics: readonly LabeledId[];
}

/** The signals of a show from its considered episodes, newest first, wherever they are kept. */
export function feedSignalsFrom(
  feed: Pick<FeedRecord, 'feed_id' | 'title'>,
  episodes: readonly FeedEpisodeSignals[],
  topK: number,
): FeedSignals {
  const distribution = topicDistribution(
    episodes.map((episode) => episode.topics),
    topK,
  );
  const days = episodes.flatMap((episode) => (episode.publish_date ? [episode.publish_date] : []));
  return {
    feed_id: feed.feed_id,
    title: feed.title,
    episodes_considered: episodes.length,
    episodes_with_topics: distribution.withTopics,
    topics: distribution.topics,
    cadence: cadenceOf(days),
  };
}

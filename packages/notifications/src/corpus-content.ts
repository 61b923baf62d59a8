import {
  type CorpusSnapshot,
  EMPTY_TOPIC_CLUSTER_INDEX,
  type EpisodeContent,
  type EpisodeContentFilter,
  episodeContentsOf,
  type TopicClusterIndex,
} from '@podcast/corpus';
import type { ContentEpisode } from './digest-content.js';

/** Leading insights kept per episode: a digest item shows two, a nudge picks one of these. */
export const INSIGHTS_PER_EPISODE = 3;

/**
 * An episode as the notification planners read it. Its refs are the topic
 * and person ids the digest and the app's topic pills list, then the
 * semantic topic clusters (`tc:`) of its topics, so a followed cluster
 * matches like a followed topic.
 */
export function contentEpisodeOf(
  row: EpisodeContent,
  clusters: TopicClusterIndex = EMPTY_TOPIC_CLUSTER_INDEX,
): ContentEpisode {
  const { episode } = row;
  const clusterIds = row.topics
    .map((id) => clusters.clusterOf(id, episode.episode_id))
    .filter((id): id is string => id !== undefined);
  return {
    slug: episode.slug,
    feed_id: episode.feed_id,
    title: episode.title,
    podcast_title: episode.podcast_title,
    published_at: episode.publish_date,
    graph_refs: [...row.topics, ...row.persons, ...new Set(clusterIds)],
    duration_seconds: episode.duration_seconds,
    // Whitespace-only text is cut after the pick, as the index's query does.
    insights: row.insights.filter((insight) => insight.text.trim() !== ''),
  };
}

/** The snapshot's episodes as the planners read them, every one or those `filter` passes. */
export function contentEpisodesOf(
  snapshot: CorpusSnapshot,
  clusters: TopicClusterIndex = EMPTY_TOPIC_CLUSTER_INDEX,
  filter?: EpisodeContentFilter,
): ContentEpisode[] {
  return episodeContentsOf(snapshot, INSIGHTS_PER_EPISODE, filter).map((row) =>
    contentEpisodeOf(row, clusters),
  );
}

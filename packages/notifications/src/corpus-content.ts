import {
  type CorpusSnapshot,
  EMPTY_TOPIC_CLUSTER_INDEX,
  episodeSignalsFrom,
  projectInsights,
  type TopicClusterIndex,
} from '@podcast/corpus';
import type { EpisodeContentRow } from '@podcast/corpus-index';
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
  row: EpisodeContentRow,
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

/**
 * The rows the corpus index's `queryEpisodeContent` answers, made from a
 * loaded snapshot: the same signals, and the first shown grounded insights.
 */
export function contentRowsOf(snapshot: CorpusSnapshot): EpisodeContentRow[] {
  return snapshot.episodes.map((record) => {
    const graph = snapshot.graphOf(record);
    const signals = episodeSignalsFrom(snapshot.kgOf(record), graph, snapshot.bridgeOf(record));
    const insights =
      graph === undefined
        ? []
        : projectInsights(graph)
            .filter((insight) => insight.grounded && insight.text !== '')
            .slice(0, INSIGHTS_PER_EPISODE)
            .map((insight) => ({ id: insight.id, text: insight.text }));
    return {
      episode: {
        slug: record.slug,
        feed_id: record.feed_id,
        episode_id: record.episode_id,
        title: record.title,
        podcast_title: record.podcast_title,
        publish_date: record.publish_date,
        duration_seconds: record.duration_seconds,
      },
      topics: signals.topics.map((topic) => topic.id),
      persons: signals.persons.map((person) => person.id),
      insights,
    };
  });
}

/** The snapshot's episodes as the planners read them. */
export function contentEpisodesOf(
  snapshot: CorpusSnapshot,
  clusters: TopicClusterIndex = EMPTY_TOPIC_CLUSTER_INDEX,
): ContentEpisode[] {
  return contentRowsOf(snapshot).map((row) => contentEpisodeOf(row, clusters));
}

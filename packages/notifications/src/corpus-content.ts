import {
  type CorpusSnapshot,
  EMPTY_TOPIC_CLUSTER_INDEX,
  type TopicClusterIndex,
} from '@podcast/corpus';
import type { ContentEpisode } from './digest-content.js';

const INSIGHTS_PER_EPISODE = 3;

/**
 * The corpus as the notification planners read it: episodes with their graph
 * ids and insights. The refs end with the semantic topic clusters (`tc:`) of
 * the episode's topics, so a followed cluster matches like a followed topic.
 */
export function contentEpisodesOf(
  snapshot: CorpusSnapshot,
  clusters: TopicClusterIndex = EMPTY_TOPIC_CLUSTER_INDEX,
): ContentEpisode[] {
  return snapshot.episodes.map((episode) => {
    const graph = snapshot.graphOf(episode);
    const topics = (graph?.topics ?? []).map((topic) => topic.id);
    const clusterIds = topics
      .map((id) => clusters.clusterOf(id, episode.episode_id))
      .filter((id): id is string => id !== undefined);
    const refs = [
      ...topics,
      ...(graph?.persons ?? []).filter((person) => !person.hidden).map((person) => person.id),
      ...new Set(clusterIds),
    ];
    return {
      slug: episode.slug,
      feed_id: episode.feed_id,
      title: episode.title,
      podcast_title: episode.podcast_title,
      published_at: episode.publish_date,
      graph_refs: refs,
      duration_seconds: episode.duration_seconds,
      insights: (graph?.insights ?? [])
        .filter((insight) => insight.grounded && insight.text.trim() !== '')
        .slice(0, INSIGHTS_PER_EPISODE)
        .map((insight) => ({ id: insight.id, text: insight.text })),
    };
  });
}

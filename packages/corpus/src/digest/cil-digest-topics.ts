import type { CilDigestTopic } from '@podcast/contracts';
import type { TopicClusterIndex } from '../clusters/topic-cluster-index.js';
import type { LabeledId } from './episode-signals.js';

export type CilDigestTopicPill = CilDigestTopic;

export const CIL_TOPIC_PILL_CAP = 5;

/**
 * Topic pills of a digest row: the episode's graph topics, those in a
 * semantic topic cluster first (each group in episode order), at most five.
 */
export function cilDigestTopics(
  topics: readonly LabeledId[],
  episodeId: string | null,
  index: TopicClusterIndex,
): CilDigestTopicPill[] {
  const clustered: CilDigestTopicPill[] = [];
  const rest: CilDigestTopicPill[] = [];
  for (const topic of topics) {
    if (!topic.id.startsWith('topic:')) {
      continue;
    }
    const clusterId = index.clusterOf(topic.id, episodeId);
    const pill = {
      topic_id: topic.id,
      label: topic.label,
      in_topic_cluster: clusterId !== undefined,
      topic_cluster_compound_id: clusterId ?? null,
    };
    (clusterId === undefined ? rest : clustered).push(pill);
  }
  return [...clustered, ...rest].slice(0, CIL_TOPIC_PILL_CAP);
}

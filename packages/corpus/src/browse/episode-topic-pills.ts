import { readTopicClusterIndex } from '../clusters/topic-cluster-index.js';
import { type CilDigestTopicPill, cilDigestTopics } from '../digest/cil-digest-topics.js';
import { episodeSignalsOf } from '../digest/episode-signals.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';

/**
 * The digest topic pills of one episode, built exactly like a digest row's
 * so the detail pane and the digest agree. A missing or corrupt
 * topic_clusters.json only loses the cluster marks, never the pills.
 */
export async function episodeTopicPills(
  snapshot: CorpusSnapshot,
  episode: EpisodeRecord,
): Promise<CilDigestTopicPill[]> {
  const index = await readTopicClusterIndex(snapshot);
  return cilDigestTopics(episodeSignalsOf(snapshot, episode).topics, episode.episode_id, index);
}

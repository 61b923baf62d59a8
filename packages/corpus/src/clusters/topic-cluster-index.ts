import type { CorpusPlace } from '../caches/corpus-caches.js';
import type { DerivedValues } from '../caches/derived-values.js';
import { stripEpisodePrefix, stripLayerPrefixes } from '../readers/layer-ids.js';
import { asArray, asRecord, asText, type UnknownRecord } from '../readers/lenient-values.js';
import { readTopicClusters } from './cluster-files.js';
import { readClusterRecord } from './cluster-record.js';

interface Membership {
  clusterId: string;
  /** Null when the member lists no episodes: it then counts for every episode. */
  episodeIds: ReadonlySet<string> | null;
}

/** Which multi-member semantic cluster (`tc:`) each topic belongs to, per episode. */
export interface TopicClusterIndex {
  /** The cluster of `topicId` for this episode; the first listing wins. */
  clusterOf(topicId: string, episodeId: string | null): string | undefined;
  /** Every topic listed as a member of `clusterId`, for any episode. */
  topicsIn(clusterId: string): readonly string[];
}

function episodeIdsOf(member: UnknownRecord): ReadonlySet<string> | null {
  const ids = asArray(member.episode_ids)
    .map(asText)
    .filter((id): id is string => id !== undefined)
    .map(stripEpisodePrefix);
  return ids.length === 0 ? null : new Set(ids);
}

function buildIndex(artifact: UnknownRecord): TopicClusterIndex {
  const byTopic = new Map<string, Membership[]>();
  const byCluster = new Map<string, Set<string>>();
  for (const item of asArray(artifact.clusters)) {
    const clusterId = readClusterRecord(item, 'tc:')?.id;
    const members = asArray(asRecord(item)?.members);
    // Fixtures carry one-member "clusters"; a cluster means at least two topics.
    if (clusterId === undefined || members.length < 2) {
      continue;
    }
    for (const entry of members) {
      const member = asRecord(entry);
      const topicId = asText(member?.topic_id);
      if (member && topicId) {
        const bare = stripLayerPrefixes(topicId);
        const list = byTopic.get(bare) ?? [];
        list.push({ clusterId, episodeIds: episodeIdsOf(member) });
        byTopic.set(bare, list);
        byCluster.set(clusterId, (byCluster.get(clusterId) ?? new Set()).add(bare));
      }
    }
  }
  return {
    clusterOf(topicId, episodeId) {
      const bare = episodeId === null ? null : stripEpisodePrefix(episodeId);
      const found = byTopic
        .get(topicId)
        ?.find((m) => m.episodeIds === null || (bare !== null && m.episodeIds.has(bare)));
      return found?.clusterId;
    },
    topicsIn: (clusterId) => [...(byCluster.get(clusterId) ?? [])],
  };
}

const INDEX = Symbol('topic_cluster_index');

/** The index of a parsed topic_clusters.json, built once per parsed document and kept with it. */
export function topicClusterIndexOf(file: {
  artifact: UnknownRecord;
  derived: DerivedValues;
}): TopicClusterIndex {
  return file.derived.derive(INDEX, () => buildIndex(file.artifact));
}

export const EMPTY_TOPIC_CLUSTER_INDEX: TopicClusterIndex = {
  clusterOf: () => undefined,
  topicsIn: () => [],
};

/** The index of the corpus's topic_clusters.json; empty when the file is missing or corrupt. */
export async function readTopicClusterIndex(place: CorpusPlace): Promise<TopicClusterIndex> {
  const file = await readTopicClusters(place);
  return file.state === 'ok' ? topicClusterIndexOf(file) : EMPTY_TOPIC_CLUSTER_INDEX;
}

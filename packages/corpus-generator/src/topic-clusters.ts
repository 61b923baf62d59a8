import { type EpisodeFacts, episodesByTopic } from './corpus-facts.js';
import type { Topic } from './plan-types.js';
import { createRng, deriveSeed } from './prng.js';
import { capitalizeFirst, slugify } from './text.js';

export const EMBEDDING_MODEL = 'sentence-transformers/all-MiniLM-L6-v2';

interface Member {
  topic: Topic;
  episodeIds: string[];
}

function anchorOf(members: readonly Member[]): Member {
  return [...members].sort(
    (a, b) => b.episodeIds.length - a.episodeIds.length || (a.topic.id < b.topic.id ? -1 : 1),
  )[0] as Member;
}

function uniqueId(base: string, used: Set<string>): string {
  let id = base;
  for (let n = 1; used.has(id); n++) {
    id = `${base}-${n}`;
  }
  used.add(id);
  return id;
}

function familiesOf(facts: readonly EpisodeFacts[]): Member[][] {
  const families = new Map<string, Member[]>();
  for (const { topic, episodeIds } of episodesByTopic(facts).values()) {
    families.set(topic.family, [...(families.get(topic.family) ?? []), { topic, episodeIds }]);
  }
  return [...families.values()];
}

function clusterOf(
  seed: number,
  members: readonly Member[],
  usedIds: Set<string>,
): Record<string, unknown> & { member_count: number; graph_compound_parent_id: string } {
  const anchor = anchorOf(members);
  return {
    graph_compound_parent_id: uniqueId(`tc:${slugify(anchor.topic.label)}`, usedIds),
    cil_alias_target_topic_id: anchor.topic.id,
    canonical_label: capitalizeFirst(anchor.topic.label),
    member_count: members.length,
    members: members.map((member) => {
      const rng = createRng(deriveSeed(seed, 'similarity', member.topic.id));
      const similarity = member === anchor ? rng.float(0.92, 0.98, 3) : rng.float(0.76, 0.91, 3);
      return {
        topic_id: member.topic.id,
        label: member.topic.label,
        similarity_to_centroid: similarity,
        episode_ids: member.episodeIds,
      };
    }),
  };
}

/**
 * `search/topic_clusters.json` (spec 04 §6). Stands in for the embedding
 * clustering: topics of one vocabulary family form a cluster; the member in
 * most episodes plays "nearest the centroid" and names it.
 */
export function buildTopicClusters(
  seed: number,
  facts: readonly EpisodeFacts[],
): Record<string, unknown> {
  const families = familiesOf(facts);
  const topicCount = families.reduce((sum, members) => sum + members.length, 0);
  const usedIds = new Set<string>();
  const clusters = families
    .filter((members) => members.length >= 2)
    .map((members) => clusterOf(seed, members, usedIds))
    .sort(
      (a, b) =>
        b.member_count - a.member_count ||
        (a.graph_compound_parent_id < b.graph_compound_parent_id ? -1 : 1),
    );
  const clustered = clusters.reduce((sum, c) => sum + c.member_count, 0);
  return {
    schema_version: '2',
    model: EMBEDDING_MODEL,
    threshold: 0.75,
    topic_count: topicCount,
    cluster_count: clusters.length,
    singletons: topicCount - clustered,
    clusters,
  };
}

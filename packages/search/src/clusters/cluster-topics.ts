import { slugify } from '@podcast/corpus';

/** One KG topic with its embedding and the episodes that name it. */
export interface TopicVector {
  topic_id: string;
  label: string;
  vector: ArrayLike<number>;
  episode_ids: string[];
}

/** `search/topic_clusters.json` as spec 04 §6 shows it (schema_version "2"). */
export interface TopicClustersDocument {
  schema_version: '2';
  model: string;
  threshold: number;
  topic_count: number;
  cluster_count: number;
  singletons: number;
  clusters: {
    graph_compound_parent_id: string;
    cil_alias_target_topic_id: string;
    canonical_label: string;
    member_count: number;
    members: {
      topic_id: string;
      label: string;
      similarity_to_centroid: number;
      episode_ids: string[];
    }[];
  }[];
}

function unit(vector: ArrayLike<number>): Float64Array {
  const out = Float64Array.from(vector);
  let squares = 0;
  for (const v of out) {
    squares += v * v;
  }
  const norm = Math.sqrt(squares);
  return norm === 0 ? out : out.map((v) => v / norm);
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    sum += (a[i] as number) * (b[i] ?? 0);
  }
  return sum;
}

interface Group {
  members: { topic: TopicVector; unit: Float64Array }[];
  sum: Float64Array;
  centroid: Float64Array;
}

/**
 * Greedy single pass in topic-id order: each topic joins the group whose
 * centroid is most similar if that cosine reaches `threshold`, else starts
 * one. Deterministic for the same input; a zero vector (no known word)
 * never joins anything.
 */
function groupTopics(topics: readonly TopicVector[], threshold: number): Group[] {
  const groups: Group[] = [];
  const ordered = [...topics].sort((a, b) => (a.topic_id < b.topic_id ? -1 : 1));
  for (const topic of ordered) {
    const vector = unit(topic.vector);
    const isZero = vector.every((v) => v === 0);
    let best: Group | undefined;
    let bestScore = threshold;
    for (const group of isZero ? [] : groups) {
      const score = dot(vector, group.centroid);
      if (score >= bestScore) {
        best = group;
        bestScore = score;
      }
    }
    if (best === undefined) {
      const sum = Float64Array.from(vector);
      groups.push({ members: [{ topic, unit: vector }], sum, centroid: unit(sum) });
    } else {
      best.members.push({ topic, unit: vector });
      best.sum = best.sum.map((v, i) => v + (vector[i] ?? 0));
      best.centroid = unit(best.sum);
    }
  }
  return groups;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const capitalised = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);
const byId = (a: { topic_id: string }, b: { topic_id: string }) =>
  a.topic_id < b.topic_id ? -1 : a.topic_id > b.topic_id ? 1 : 0;

/**
 * Semantic topic clusters (spec 04 §6): KG topics grouped by cosine ≥
 * `threshold` against the group centroid, groups of at least two kept, each
 * labelled by the member nearest its centroid and identified
 * `tc:<slug(label)>` (`-1`, `-2` … on a collision), largest first. Pure.
 */
export function clusterTopics(
  topics: readonly TopicVector[],
  threshold: number,
  model: string,
): TopicClustersDocument {
  const kept = groupTopics(topics, threshold).filter((group) => group.members.length >= 2);
  const clusters = kept.map((group) => {
    const members = group.members
      .map(({ topic, unit: vector }) => ({
        topic_id: topic.topic_id,
        label: topic.label,
        similarity_to_centroid: round3(dot(vector, group.centroid)),
        episode_ids: [...new Set(topic.episode_ids)].sort(),
      }))
      .sort((a, b) => b.similarity_to_centroid - a.similarity_to_centroid || byId(a, b));
    return { anchor: members[0] as (typeof members)[number], members };
  });
  clusters.sort((a, b) => b.members.length - a.members.length || byId(a.anchor, b.anchor));
  const used = new Map<string, number>();
  const documents = clusters.map(({ anchor, members }) => {
    const base = `tc:${slugify(anchor.label) || 'topic'}`;
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    return {
      graph_compound_parent_id: seen === 0 ? base : `${base}-${seen}`,
      cil_alias_target_topic_id: anchor.topic_id,
      canonical_label: capitalised(anchor.label),
      member_count: members.length,
      members,
    };
  });
  const clustered = documents.reduce((sum, cluster) => sum + cluster.member_count, 0);
  return {
    schema_version: '2',
    model,
    threshold,
    topic_count: topics.length,
    cluster_count: documents.length,
    singletons: topics.length - clustered,
    clusters: documents,
  };
}

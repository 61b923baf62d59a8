import { stripLayerPrefixes } from '../readers/layer-ids.js';
import { asArray, asFiniteNumber, asRecord, asText } from '../readers/lenient-values.js';

/** A theme (`tc:`) or storyline (`thc:`) as the lists show it. */
export interface ClusterSummary {
  id: string;
  label: string;
  size: number;
}

export interface ClusterMember {
  topicId: string;
  /** `lift_to_cluster` (storylines); 0 when absent. */
  lift: number;
}

export interface ClusterRecord extends ClusterSummary {
  members: ClusterMember[];
}

function memberOf(item: unknown): ClusterMember | undefined {
  const member = asRecord(item);
  const topicId = asText(member?.topic_id) ?? asText(item);
  return topicId === undefined
    ? undefined
    : { topicId: stripLayerPrefixes(topicId), lift: asFiniteNumber(member?.lift_to_cluster) ?? 0 };
}

/**
 * One cluster of either file, read the way the topic overlays of the catalog
 * read it (catalog/topic-overlays.ts), so a list and an overlay never
 * disagree: id = graph_compound_parent_id, else the legacy cluster_id, with
 * the kind's prefix added when missing; members are objects with `topic_id`
 * or bare ids; size = member_count when a whole number >= 0, else the members.
 */
export function readClusterRecord(
  item: unknown,
  prefix: 'tc:' | 'thc:',
): ClusterRecord | undefined {
  const cluster = asRecord(item);
  const rawId = asText(cluster?.graph_compound_parent_id) ?? asText(cluster?.cluster_id);
  if (cluster === undefined || rawId === undefined || rawId === prefix) {
    return undefined;
  }
  const members = asArray(cluster.members)
    .map(memberOf)
    .filter((member): member is ClusterMember => member !== undefined);
  const declared = asFiniteNumber(cluster.member_count);
  const size =
    declared !== undefined && Number.isInteger(declared) && declared >= 0
      ? declared
      : members.length;
  const id = rawId.startsWith(prefix) ? rawId : `${prefix}${rawId}`;
  return { id, label: asText(cluster.canonical_label) ?? id, size, members };
}

/** Largest first, then by id. */
export function bySizeThenId(a: ClusterSummary, b: ClusterSummary): number {
  return b.size - a.size || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

import { stripLayerPrefixes } from '../layer-ids.js';
import {
  asArray,
  asFiniteNumber,
  asRecord,
  asText,
  type UnknownRecord,
} from '../lenient-values.js';

/** A theme (`tc:`) or storyline (`thc:`) a topic belongs to. */
export interface TopicGroup {
  id: string;
  label: string;
  size: number;
}

/** Topic id → its theme and its storyline, built once per version of the two files. */
export interface TopicOverlays {
  themes: ReadonlyMap<string, TopicGroup>;
  storylines: ReadonlyMap<string, TopicGroup>;
}

/** The app lists storylines of at least this many topics (spec 01 Limits). */
export const STORYLINE_FLOOR = 4;

export const NO_TOPIC_OVERLAYS: TopicOverlays = Object.freeze({
  themes: new Map(),
  storylines: new Map(),
});

interface ParsedGroup extends TopicGroup {
  topicIds: string[];
}

function groupOf(item: unknown, prefix: 'tc:' | 'thc:'): ParsedGroup | undefined {
  const cluster = asRecord(item);
  const rawId = asText(cluster?.graph_compound_parent_id) ?? asText(cluster?.cluster_id);
  if (cluster === undefined || rawId === undefined) {
    return undefined;
  }
  const topicIds = asArray(cluster.members)
    .map((member) => asText(asRecord(member)?.topic_id) ?? asText(member))
    .filter((id): id is string => id !== undefined)
    .map(stripLayerPrefixes);
  const declared = asFiniteNumber(cluster.member_count);
  const size =
    declared !== undefined && Number.isInteger(declared) && declared >= 0
      ? declared
      : topicIds.length;
  const id = rawId.startsWith(prefix) ? rawId : `${prefix}${rawId}`;
  return { id, label: asText(cluster.canonical_label) ?? id, size, topicIds };
}

/** Larger groups first, then by id: a topic in several groups shows the biggest. */
function compareGroups(a: ParsedGroup, b: ParsedGroup): number {
  return b.size - a.size || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function indexByTopic(groups: ParsedGroup[]): Map<string, TopicGroup> {
  const index = new Map<string, TopicGroup>();
  for (const { topicIds, ...group } of groups.sort(compareGroups)) {
    for (const topicId of topicIds) {
      if (!index.has(topicId)) {
        index.set(topicId, group);
      }
    }
  }
  return index;
}

/** Themes by member topic, from `search/topic_clusters.json` (no envelope). */
export function themesByTopic(document: UnknownRecord | undefined): Map<string, TopicGroup> {
  const groups = asArray(document?.clusters)
    .map((item) => groupOf(item, 'tc:'))
    .filter((group): group is ParsedGroup => group !== undefined);
  return indexByTopic(groups);
}

/**
 * Storylines by member topic, from the `enrichments/topic_theme_clusters.json`
 * envelope. Only storylines the app lists (at least four topics) are used,
 * so an overlay never points at one the storylines route leaves out.
 */
export function storylinesByTopic(envelope: UnknownRecord | undefined): Map<string, TopicGroup> {
  const data = asRecord(envelope?.data) ?? envelope;
  const groups = asArray(data?.clusters)
    .map((item) => groupOf(item, 'thc:'))
    .filter((group): group is ParsedGroup => group !== undefined)
    .filter((group) => group.topicIds.length > 0 && group.size >= STORYLINE_FLOOR);
  return indexByTopic(groups);
}

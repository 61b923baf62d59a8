import {
  bySizeThenId,
  type ClusterSummary,
  readClusterRecord,
} from '../clusters/cluster-record.js';
import { asArray, asRecord, type UnknownRecord } from '../readers/lenient-values.js';

/** A theme (`tc:`) or storyline (`thc:`) a topic belongs to. */
export type TopicGroup = ClusterSummary;

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

/** One cluster read exactly as the theme and storyline lists read it. */
function groupOf(item: unknown, prefix: 'tc:' | 'thc:'): ParsedGroup | undefined {
  const cluster = readClusterRecord(item, prefix);
  if (cluster === undefined) {
    return undefined;
  }
  const { id, label, size, members } = cluster;
  return { id, label, size, topicIds: members.map((member) => member.topicId) };
}

function indexByTopic(groups: ParsedGroup[]): Map<string, TopicGroup> {
  const index = new Map<string, TopicGroup>();
  for (const { topicIds, ...group } of groups.sort(bySizeThenId)) {
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

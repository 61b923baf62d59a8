import { asArray, type UnknownRecord } from '../readers/lenient-values.js';
import {
  bySizeThenId,
  type ClusterMember,
  type ClusterSummary,
  readClusterRecord,
} from './cluster-record.js';

export interface StorylineSummary extends ClusterSummary {
  anchor_topic_id: string;
}

/** Highest `lift_to_cluster`; a tie goes to the smallest topic id (spec 04 §6). */
function anchorOf(members: readonly ClusterMember[]): string {
  let best = members[0] as ClusterMember;
  for (const member of members) {
    if (member.lift > best.lift || (member.lift === best.lift && member.topicId < best.topicId)) {
      best = member;
    }
  }
  return best.topicId;
}

/**
 * Storylines from the `data` of enrichments/topic_theme_clusters.json:
 * {id, label, size, anchor_topic_id}, memberless clusters dropped, largest
 * first, and only those whose size is at least `minMembers` (the viewer
 * passes 1, the app the floor of 4).
 */
export function projectStorylines(data: UnknownRecord, minMembers = 1): StorylineSummary[] {
  const storylines: StorylineSummary[] = [];
  for (const item of asArray(data.clusters)) {
    const cluster = readClusterRecord(item, 'thc:');
    if (cluster !== undefined && cluster.members.length > 0 && cluster.size >= minMembers) {
      const { id, label, size } = cluster;
      storylines.push({ id, label, size, anchor_topic_id: anchorOf(cluster.members) });
    }
  }
  return storylines.sort(bySizeThenId);
}

import { asArray, type UnknownRecord } from '../readers/lenient-values.js';
import { bySizeThenId, type ClusterSummary, readClusterRecord } from './cluster-record.js';

/**
 * Themes from `search/topic_clusters.json` (spec 04 §6): every cluster as
 * {id, label (canonical_label, else the id), size}, largest first.
 */
export function projectThemes(artifact: UnknownRecord): ClusterSummary[] {
  return asArray(artifact.clusters)
    .map((item) => readClusterRecord(item, 'tc:'))
    .filter((cluster) => cluster !== undefined)
    .map(({ id, label, size }) => ({ id, label, size }))
    .sort(bySizeThenId);
}

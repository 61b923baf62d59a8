import type { CorpusPlace } from '../caches/corpus-caches.js';
import { readTopicClusters } from '../clusters/cluster-files.js';
import { stripEpisodePrefix } from '../readers/layer-ids.js';
import { asArray, asRecord, asText } from '../readers/lenient-values.js';

/**
 * Episode ids listed by a member of a cluster with at least two members in
 * `search/topic_clusters.json` (spec 04 §6). Fixtures ship one-member
 * `…-cluster` entries; those never count.
 */
export function clusteredEpisodeIds(document: unknown): Set<string> {
  const ids = new Set<string>();
  for (const item of asArray(asRecord(document)?.clusters)) {
    const members = asArray(asRecord(item)?.members);
    if (members.length < 2) {
      continue;
    }
    for (const member of members) {
      for (const id of asArray(asRecord(member)?.episode_ids)) {
        const text = asText(id);
        if (text !== undefined) {
          ids.add(stripEpisodePrefix(text));
        }
      }
    }
  }
  return ids;
}

const CLUSTERED = Symbol('clustered_episode_ids');

/**
 * Clustered episode ids of a corpus; empty when the artifact is missing or
 * corrupt. Read through readTopicClusters (confined to the root, parsed once
 * per file version) and derived once per parsed document.
 */
export async function readClusteredEpisodeIds(place: CorpusPlace): Promise<ReadonlySet<string>> {
  const file = await readTopicClusters(place);
  if (file.state !== 'ok') {
    return new Set<string>();
  }
  return file.derived.derive(CLUSTERED, () => clusteredEpisodeIds(file.artifact));
}

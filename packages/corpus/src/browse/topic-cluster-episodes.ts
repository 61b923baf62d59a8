import path from 'node:path';
import { stripEpisodePrefix } from '../layer-ids.js';
import { asArray, asRecord, asText } from '../lenient-values.js';
import { createFileCache, parseJsonText } from './file-cache.js';

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

const clusterFiles = createFileCache((text) => {
  const parsed = parseJsonText(text);
  return parsed.ok ? clusteredEpisodeIds(parsed.value) : new Set<string>();
});

/** Clustered episode ids of a corpus; empty when the artifact is missing or corrupt. */
export async function readClusteredEpisodeIds(root: string): Promise<ReadonlySet<string>> {
  const file = await clusterFiles.read(path.join(root, 'search', 'topic_clusters.json'));
  return file?.value ?? new Set<string>();
}

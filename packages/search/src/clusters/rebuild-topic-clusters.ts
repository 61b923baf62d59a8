import path from 'node:path';
import type * as lancedb from '@lancedb/lancedb';
import { type CorpusSnapshot, TOPIC_CLUSTERS_RELPATH } from '@podcast/corpus';
import { writeJsonAtomic } from '../store/json-files.js';
import { clusterTopics, type TopicClustersDocument, type TopicVector } from './cluster-topics.js';

/** Topic labels as the KG names them, by topic id. */
function topicLabels(snapshot: CorpusSnapshot): Map<string, string> {
  const labels = new Map<string, string>();
  for (const episode of snapshot.episodes) {
    for (const topic of snapshot.kgOf(episode)?.topics ?? []) {
      if (!labels.has(topic.id)) {
        labels.set(topic.id, topic.label);
      }
    }
  }
  return labels;
}

/**
 * One vector per KG topic from the index's `kg_topic` rows (the same topic in
 * many episodes embeds the same text; the first row is kept), with every
 * episode that names it.
 */
export async function topicVectorsOf(
  snapshot: CorpusSnapshot,
  aux: lancedb.Table,
): Promise<TopicVector[]> {
  const filter = "doc_type = 'kg_topic'";
  const count = await aux.countRows(filter);
  if (count === 0) {
    return [];
  }
  const rows = (await aux
    .query()
    .where(filter)
    .select(['source_id', 'episode_id', 'vector'])
    .limit(count)
    .toArray()) as { source_id: string; episode_id: string; vector: Iterable<number> }[];
  const labels = topicLabels(snapshot);
  const topics = new Map<string, TopicVector>();
  for (const row of rows) {
    const known = topics.get(row.source_id);
    if (known === undefined) {
      topics.set(row.source_id, {
        topic_id: row.source_id,
        label: labels.get(row.source_id) ?? row.source_id.replace(/^topic:/, ''),
        vector: Array.from(row.vector),
        episode_ids: row.episode_id ? [row.episode_id] : [],
      });
    } else if (row.episode_id) {
      known.episode_ids.push(row.episode_id);
    }
  }
  return [...topics.values()];
}

/** Clusters the index's topic vectors and replaces the corpus's topic_clusters.json atomically. */
export async function rebuildTopicClusters(
  snapshot: CorpusSnapshot,
  aux: lancedb.Table,
  threshold: number,
  model: string,
): Promise<TopicClustersDocument> {
  const document = clusterTopics(await topicVectorsOf(snapshot, aux), threshold, model);
  await writeJsonAtomic(path.join(snapshot.root, TOPIC_CLUSTERS_RELPATH), document);
  return document;
}

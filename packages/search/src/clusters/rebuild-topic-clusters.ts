import path from 'node:path';
import type * as lancedb from '@lancedb/lancedb';
import type { TopicClustersRebuildOutcome } from '@podcast/contracts';
import {
  type CorpusPlace,
  type CorpusSnapshot,
  pagesWithLayers,
  readTopicClusters,
  TOPIC_CLUSTERS_RELPATH,
  type TopicClustersFile,
} from '@podcast/corpus';
import { catalogPages, type IndexKysely } from '@podcast/corpus-index';
import { writeJsonAtomic } from '../store/json-files.js';
import { clusterTopics, type TopicClustersDocument, type TopicVector } from './cluster-topics.js';

/** What one rebuild was asked to do, as its outcome reports it. */
export type ClusterRebuildPlan = Pick<
  TopicClustersRebuildOutcome,
  'threshold' | 'threshold_source' | 'embedding_model' | 'force' | 'started_at'
>;

/**
 * Where a clustering reads from: the corpus (its cluster file is kept or
 * replaced) and the label the KG gives each topic id, from the first
 * catalog episode whose KG names it.
 */
export interface TopicLabelSource extends CorpusPlace {
  labelsOf(ids: ReadonlySet<string>): Promise<ReadonlyMap<string, string>>;
}

/** Every KG topic label of a loaded snapshot. */
export function snapshotTopicLabels(snapshot: CorpusSnapshot): TopicLabelSource {
  return {
    root: snapshot.root,
    caches: snapshot.caches,
    labelsOf: async () => {
      const labels = new Map<string, string>();
      for (const episode of snapshot.episodes) {
        for (const topic of snapshot.kgOf(episode)?.topics ?? []) {
          if (!labels.has(topic.id)) {
            labels.set(topic.id, topic.label);
          }
        }
      }
      return labels;
    },
  };
}

/** Catalog episodes whose KG files are read at a time. */
const LABEL_PAGE = 64;

/**
 * The labels from the corpus index's catalog: its episodes a page at a
 * time in catalog order, their KG files read through caches of their own
 * (the API's stay as they were), until every asked id has a label or the
 * catalog ends.
 */
export function catalogTopicLabels(
  place: CorpusPlace,
  db: IndexKysely,
  pageSize = LABEL_PAGE,
): TopicLabelSource {
  return {
    root: place.root,
    caches: place.caches,
    labelsOf: async (ids) => {
      const labels = new Map<string, string>();
      if (ids.size === 0) {
        return labels;
      }
      for await (const { page, layers } of pagesWithLayers(place.root, catalogPages(db, pageSize), [
        'kg',
      ])) {
        for (const episode of page) {
          for (const topic of layers.kgOf(episode)?.topics ?? []) {
            if (ids.has(topic.id) && !labels.has(topic.id)) {
              labels.set(topic.id, topic.label);
            }
          }
        }
        if (labels.size === ids.size) {
          break;
        }
      }
      return labels;
    },
  };
}

/**
 * One vector per KG topic from the index's `kg_topic` rows (the same topic in
 * many episodes embeds the same text; the first row is kept), with every
 * episode that names it.
 */
export async function topicVectorsOf(
  source: TopicLabelSource,
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
  const labels = await source.labelsOf(new Set(rows.map((row) => row.source_id)));
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

/**
 * Why `document` must not replace the current file: it has no cluster
 * where the file has some. Themes, discover and the pills all read that
 * file, and an empty set would wipe every theme of the app, so only a
 * forced rebuild writes it.
 */
function keptBecause(document: TopicClustersDocument, current: TopicClustersFile) {
  const held = current.state === 'ok' ? (current.artifact.clusters as unknown[]).length : 0;
  if (document.cluster_count > 0 || held === 0) {
    return undefined;
  }
  return (
    `the rebuild found 0 clusters among ${document.topic_count} topics at threshold ` +
    `${document.threshold}; the file with ${held} clusters was kept (force=true writes the empty set)`
  );
}

/**
 * Clusters the index's topic vectors and replaces the corpus's
 * topic_clusters.json atomically, unless the result is empty where the file
 * is not and the plan does not force it.
 */
export async function rebuildTopicClusters(
  source: TopicLabelSource,
  aux: lancedb.Table,
  plan: ClusterRebuildPlan,
  now: () => Date,
): Promise<TopicClustersRebuildOutcome> {
  const vectors = await topicVectorsOf(source, aux);
  const document = clusterTopics(vectors, plan.threshold, plan.embedding_model);
  const kept = plan.force ? undefined : keptBecause(document, await readTopicClusters(source));
  if (kept === undefined) {
    await writeJsonAtomic(path.join(source.root, TOPIC_CLUSTERS_RELPATH), document);
  }
  return {
    outcome: kept === undefined ? 'written' : 'kept',
    reason: kept ?? null,
    ...plan,
    finished_at: now().toISOString(),
    topic_count: document.topic_count,
    cluster_count: document.cluster_count,
  };
}

import type { CorpusPlace } from '../caches/corpus-caches.js';
import type { DerivedValues } from '../caches/derived-values.js';
import { asArray, asRecord, asText, type UnknownRecord } from '../readers/lenient-values.js';
import { readSideFile } from './side-file.js';

export const TOPIC_CLUSTERS_RELPATH = 'search/topic_clusters.json';
export const THEME_CLUSTERS_RELPATH = 'enrichments/topic_theme_clusters.json';

export type TopicClustersFile =
  | { state: 'missing' }
  | { state: 'corrupt'; reason: string }
  | { state: 'ok'; artifact: UnknownRecord; version: string; derived: DerivedValues };

/**
 * `search/topic_clusters.json` (spec 04 §6, no envelope). Unparsable JSON, a
 * non-object or a document without a `clusters` array is corrupt.
 */
export async function readTopicClusters(place: CorpusPlace): Promise<TopicClustersFile> {
  const file = await readSideFile(place, TOPIC_CLUSTERS_RELPATH);
  if (file.state === 'missing') {
    return file;
  }
  if (file.state === 'unreadable') {
    return { state: 'corrupt', reason: file.reason };
  }
  if (!Array.isArray(file.record.clusters)) {
    return { state: 'corrupt', reason: 'clusters is not an array' };
  }
  return { state: 'ok', artifact: file.record, version: file.version, derived: file.derived };
}

/**
 * The `data` of `enrichments/topic_theme_clusters.json` (an envelope, spec 04
 * §7; a bare payload is accepted too, as the catalog overlays do), or
 * undefined when the file is missing, unusable, not `ok`, or carries no
 * cluster list: every one of those means "no storylines".
 */
export async function readThemeClusters(place: CorpusPlace): Promise<UnknownRecord | undefined> {
  return (await readThemeClustersFile(place))?.data;
}

/** `readThemeClusters` with the parsed file's derived values, for indexes built from it. */
export async function readThemeClustersFile(
  place: CorpusPlace,
): Promise<{ data: UnknownRecord; derived: DerivedValues } | undefined> {
  const file = await readSideFile(place, THEME_CLUSTERS_RELPATH);
  if (file.state !== 'ok') {
    return undefined;
  }
  const status = asText(file.record.status);
  const data = asRecord(file.record.data) ?? file.record;
  if (status !== undefined && status !== 'ok') {
    return undefined;
  }
  return asArray(data.clusters).length > 0 ? { data, derived: file.derived } : undefined;
}

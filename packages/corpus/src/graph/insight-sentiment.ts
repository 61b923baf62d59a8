import path from 'node:path';
import { mapLimit } from '@podcast/runtime';
import { readRootJsonObject } from '../browse/corpus-documents.js';
import { episodeEnrichmentRelpath } from '../browse/enrichment-files.js';
import type { CorpusPlace } from '../caches/corpus-caches.js';
import { parseJsonText } from '../caches/file-cache.js';
import {
  asArray,
  asFiniteNumber,
  asRecord,
  asText,
  type UnknownRecord,
} from '../readers/lenient-values.js';
import { metadataStem } from '../readers/metadata.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import type { GraphInsight } from './graph-index.js';

export type SentimentLabel = 'negative' | 'neutral' | 'positive';

/** An insight's entry of the insight_sentiment sidecar (spec 04 §2.4). */
export interface InsightSentiment {
  compound: number;
  label: SentimentLabel;
}

/** insight id → sentiment, for one episode. */
export type EpisodeSentiments = ReadonlyMap<string, InsightSentiment>;

const SENTIMENT_ENRICHER = 'insight_sentiment';
const SIDECAR_SUFFIX = `.${SENTIMENT_ENRICHER}.json`;
const METADATA_SUFFIXES = ['.metadata.json', '.metadata.yaml', '.metadata.yml'];

/** Whether a file name of a `metadata/enrichments/` folder is an insight sentiment sidecar. */
export function isSentimentSidecarName(name: string): boolean {
  return name.endsWith(SIDECAR_SUFFIX) && name.length > SIDECAR_SUFFIX.length;
}

/** The relpath of the insight sentiment sidecar of the episode whose metadata is at `metadataRelpath`. */
export function sentimentSidecarOf(metadataRelpath: string): string {
  const stem = metadataStem(path.posix.basename(metadataRelpath));
  return episodeEnrichmentRelpath({ metadata_relpath: metadataRelpath, stem }, SENTIMENT_ENRICHER);
}

/** The metadata relpaths (each spelling) whose episode a sentiment sidecar belongs to. */
export function sentimentSidecarOwnersOf(sidecarRelpath: string): string[] {
  const dir = path.posix.dirname(path.posix.dirname(sidecarRelpath));
  const stem = path.posix.basename(sidecarRelpath).slice(0, -SIDECAR_SUFFIX.length);
  const prefix = dir === '.' ? stem : `${dir}/${stem}`;
  return METADATA_SUFFIXES.map((suffix) => prefix + suffix);
}

const LABELS = new Set<string>(['negative', 'neutral', 'positive']);
const NONE: EpisodeSentiments = new Map();
const READ_CONCURRENCY = 16;

/** Entries of a sidecar envelope; malformed entries (no id, unknown label, compound outside -1..1) are skipped. */
export function sentimentsOfEnvelope(envelope: UnknownRecord): EpisodeSentiments {
  const sentiments = new Map<string, InsightSentiment>();
  for (const item of asArray(asRecord(envelope.data)?.insights)) {
    const entry = asRecord(item);
    const id = asText(entry?.insight_id);
    const compound = asFiniteNumber(entry?.compound);
    const label = asText(entry?.label)?.toLowerCase();
    if (id === undefined || compound === undefined || label === undefined || !LABELS.has(label)) {
      continue;
    }
    if (compound >= -1 && compound <= 1 && !sentiments.has(id)) {
      sentiments.set(id, { compound, label: label as SentimentLabel });
    }
  }
  return sentiments;
}

/** The entries of a sidecar's text, as `readInsightSentiments` reads them: none when it is not a JSON object. */
export function sentimentsOfText(text: string): EpisodeSentiments {
  const parsed = parseJsonText(text);
  const envelope = parsed.ok ? asRecord(parsed.value) : undefined;
  return envelope === undefined ? NONE : sentimentsOfEnvelope(envelope);
}

/**
 * The sentiment sidecars of `episodes`, best effort: a missing, unreadable
 * or malformed file gives that episode no sentiments, never an error.
 */
export async function readInsightSentiments<
  E extends Pick<EpisodeRecord, 'metadata_relpath' | 'stem'>,
>(place: CorpusPlace, episodes: readonly E[]): Promise<ReadonlyMap<E, EpisodeSentiments>> {
  const read = await mapLimit(episodes, READ_CONCURRENCY, async (episode) => {
    try {
      return sentimentsOfEnvelope(
        await readRootJsonObject(place, episodeEnrichmentRelpath(episode, SENTIMENT_ENRICHER)),
      );
    } catch {
      return NONE;
    }
  });
  return new Map(episodes.map((episode, index) => [episode, read[index] ?? NONE]));
}

/** A lookup of the sentiment of any of `items`, reading the sidecars of their episodes once. */
export async function sentimentLookup(place: CorpusPlace, items: Iterable<GraphInsight>) {
  const episodes = [...new Set([...items].map((item) => item.episode))];
  const sentiments = await readInsightSentiments(place, episodes);
  return (item: GraphInsight) => sentiments.get(item.episode)?.get(item.id);
}

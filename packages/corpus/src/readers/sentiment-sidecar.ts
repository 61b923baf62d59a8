import path from 'node:path';
import { asArray, asFiniteNumber, asRecord, asText, type UnknownRecord } from './lenient-values.js';

export type SentimentLabel = 'negative' | 'neutral' | 'positive';

/** An insight's entry of the insight_sentiment sidecar (spec 04 §2.4). */
export interface InsightSentiment {
  compound: number;
  label: SentimentLabel;
}

/** insight id → sentiment, for one episode. */
export type EpisodeSentiments = ReadonlyMap<string, InsightSentiment>;

/** The enricher whose per-episode sidecar holds the insights' sentiments. */
export const SENTIMENT_ENRICHER = 'insight_sentiment';
const SIDECAR_SUFFIX = `.${SENTIMENT_ENRICHER}.json`;
const METADATA_SUFFIXES = ['.metadata.json', '.metadata.yaml', '.metadata.yml'];

/** Whether a file name of a `metadata/enrichments/` folder is an insight sentiment sidecar. */
export function isSentimentSidecarName(name: string): boolean {
  return name.endsWith(SIDECAR_SUFFIX) && name.length > SIDECAR_SUFFIX.length;
}

/** The metadata relpaths (each spelling) whose episode a sentiment sidecar belongs to. */
export function sentimentSidecarOwnersOf(sidecarRelpath: string): string[] {
  const dir = path.posix.dirname(path.posix.dirname(sidecarRelpath));
  const stem = path.posix.basename(sidecarRelpath).slice(0, -SIDECAR_SUFFIX.length);
  const prefix = dir === '.' ? stem : `${dir}/${stem}`;
  return METADATA_SUFFIXES.map((suffix) => prefix + suffix);
}

const LABELS = new Set<string>(['negative', 'neutral', 'positive']);

/** No sentiments: an episode without a usable sidecar. */
export const NO_SENTIMENTS: EpisodeSentiments = new Map();

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

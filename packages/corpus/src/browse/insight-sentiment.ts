import path from 'node:path';
import { mapLimit } from '@podcast/runtime';
import type { CorpusPlace } from '../caches/corpus-caches.js';
import { readRootJsonObject } from '../caches/corpus-documents.js';
import { parseJsonText } from '../caches/file-cache.js';
import type { GraphInsight } from '../graph/graph-index.js';
import { asRecord } from '../readers/lenient-values.js';
import { metadataStem } from '../readers/metadata.js';
import {
  type EpisodeSentiments,
  NO_SENTIMENTS,
  SENTIMENT_ENRICHER,
  sentimentsOfEnvelope,
} from '../readers/sentiment-sidecar.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import { episodeEnrichmentRelpath } from './enrichment-files.js';

const READ_CONCURRENCY = 16;

/** The relpath of the insight sentiment sidecar of the episode whose metadata is at `metadataRelpath`. */
export function sentimentSidecarOf(metadataRelpath: string): string {
  const stem = metadataStem(path.posix.basename(metadataRelpath));
  return episodeEnrichmentRelpath({ metadata_relpath: metadataRelpath, stem }, SENTIMENT_ENRICHER);
}

/** The entries of a sidecar's text, as `readInsightSentiments` reads them: none when it is not a JSON object. */
export function sentimentsOfText(text: string): EpisodeSentiments {
  const parsed = parseJsonText(text);
  const envelope = parsed.ok ? asRecord(parsed.value) : undefined;
  return envelope === undefined ? NO_SENTIMENTS : sentimentsOfEnvelope(envelope);
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
      return NO_SENTIMENTS;
    }
  });
  return new Map(episodes.map((episode, index) => [episode, read[index] ?? NO_SENTIMENTS]));
}

/** A lookup of the sentiment of any of `items`, reading the sidecars of their episodes once. */
export async function sentimentLookup(place: CorpusPlace, items: Iterable<GraphInsight>) {
  const episodes = [...new Set([...items].map((item) => item.episode))];
  const sentiments = await readInsightSentiments(place, episodes);
  return (item: GraphInsight) => sentiments.get(item.episode)?.get(item.id);
}

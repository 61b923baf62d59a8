import type { EpisodeLayers, EpisodeRecord, ListedQuote } from '@podcast/corpus';
import { quotesOfInsight } from '@podcast/corpus';
import { type SourceTier, tierOf } from '../documents/index-document.js';
import type { StoredRow } from './ranked-lists.js';
import { type LiftedHit, type LiftOverrides, liftTranscriptHit } from './transcript-lift.js';

/** A hit's supporting quote: the quote a listed insight shows. */
export type SupportingQuote = ListedQuote;

export interface SearchHit {
  doc_id: string;
  doc_type: string;
  source_tier: SourceTier;
  score: number;
  text: string;
  episode_id: string;
  feed_id: string;
  publish_date: string | null;
  source_id: string;
  char_start?: number;
  char_end?: number;
  episode_slug?: string;
  episode_title?: string;
  podcast_title?: string | null;
  metadata_relpath?: string;
  grounded?: boolean;
  lifted?: LiftedHit;
  supporting_quotes?: SupportingQuote[];
}

/** The rows `dedupe_kg_surfaces` compares by text. */
export function isKgSurface(docType: string): boolean {
  return docType === 'kg_entity' || docType === 'kg_topic';
}

/**
 * Spec 01 `dedupe_kg_surfaces`: one hit per text among kg_entity and
 * kg_topic rows. `textOf` holds those rows' texts (by doc_id).
 */
export function dedupeKgSurfaces<T extends { item: { doc_id: string; doc_type: string } }>(
  fused: readonly T[],
  textOf: ReadonlyMap<string, string>,
): T[] {
  const seen = new Set<string>();
  return fused.filter(({ item }) => {
    if (!isKgSurface(item.doc_type)) {
      return true;
    }
    const key = (textOf.get(item.doc_id) ?? item.doc_id).trim().toLowerCase();
    if (seen.has(key)) {
      return false;
    }
    seen.add(key);
    return true;
  });
}

/** Whether a hit of this row shows its episode's layers (supporting quotes, a lift). */
export function showsLayers(row: Pick<StoredRow, 'doc_type' | 'char_start'>): boolean {
  return row.doc_type === 'insight' || (row.doc_type === 'transcript' && row.char_start >= 0);
}

/**
 * A fused row as an API hit, with its episode's display fields, and the lift
 * and supporting quotes from `layers`, which hold the episode's when the
 * row `showsLayers`.
 */
export function toSearchHit(
  row: StoredRow,
  score: number,
  episode: EpisodeRecord | undefined,
  layers: EpisodeLayers,
  overrides: LiftOverrides,
): SearchHit {
  const graph = episode && layers.graphOf(episode);
  const hit: SearchHit = {
    doc_id: row.doc_id,
    doc_type: row.doc_type,
    source_tier: tierOf(row.doc_type),
    score,
    text: row.text,
    episode_id: row.episode_id,
    feed_id: row.feed_id,
    publish_date: row.publish_date || null,
    source_id: row.source_id,
    ...(row.char_start >= 0 ? { char_start: row.char_start, char_end: row.char_end } : {}),
    ...(episode && {
      episode_slug: episode.slug,
      episode_title: episode.title,
      podcast_title: episode.podcast_title,
      metadata_relpath: episode.metadata_relpath,
    }),
  };
  if (row.doc_type === 'insight') {
    hit.grounded = row.grounded;
    const insight = graph?.insights.find((i) => i.id === row.source_id);
    if (graph && insight) {
      hit.supporting_quotes = quotesOfInsight(graph, insight).map((quote) => ({
        id: quote.id,
        text: quote.text,
        speaker_id: quote.speaker_id,
        ...(quote.speaker_name === undefined ? {} : { speaker_name: quote.speaker_name }),
        timestamp_start_ms: quote.timestamp_start_ms,
        timestamp_end_ms: quote.timestamp_end_ms,
      }));
    }
  }
  if (row.doc_type === 'transcript' && graph && row.char_start >= 0) {
    const lifted = liftTranscriptHit(row, graph, episode && layers.bridgeOf(episode), overrides);
    if (lifted) {
      hit.lifted = lifted;
    }
  }
  return hit;
}

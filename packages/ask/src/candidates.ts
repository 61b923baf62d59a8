import type { EpisodeLayers, EpisodeRecord, NormalizedGraph } from '@podcast/corpus';
import type { SearchHit } from '@podcast/search';

/**
 * Every hit of one insight (its own row, a supporting quote's row, a
 * transcript chunk lifted to it) gathered into one candidate, or a
 * transcript chunk no quote overlaps, standing alone.
 */
export interface Candidate {
  key: string;
  episode: EpisodeRecord;
  graph: NormalizedGraph | undefined;
  insightId: string | undefined;
  /** Quote ids the hits pointed at directly (a quote row, a lifted chunk), best first. */
  matchedQuoteIds: string[];
  /** A chunk without an insight: raw-transcript offsets to find a segment in. */
  chunk?: { char_start: number; char_end: number; text: string };
  /** Sum of the fused scores of its hits: several tiers agreeing is evidence of relevance. */
  fused: number;
  /** Rank of its best hit in the fused list, 0 first. */
  bestRank: number;
}

function insightOfQuote(graph: NormalizedGraph | undefined, quoteId: string): string | undefined {
  return graph?.insights.find((insight) => insight.quoteIds.includes(quoteId))?.id;
}

/** Where a hit points: its insight (and the quote that matched), or a bare chunk. */
function targetOf(hit: SearchHit, graph: NormalizedGraph | undefined) {
  if (hit.doc_type === 'insight') {
    return { insightId: hit.source_id, quoteId: undefined };
  }
  if (hit.doc_type === 'quote') {
    return { insightId: insightOfQuote(graph, hit.source_id), quoteId: hit.source_id };
  }
  if (hit.lifted) {
    return { insightId: hit.lifted.insight.id, quoteId: hit.lifted.quote.id };
  }
  return { insightId: undefined, quoteId: undefined };
}

/** The rows an answer quotes from: the insight, quote and segment tiers. */
export const EVIDENCE_DOC_TYPES: readonly string[] = ['insight', 'quote', 'transcript'];
const EVIDENCE_TYPES = new Set(EVIDENCE_DOC_TYPES);

/**
 * The fused hits of those rows grouped by insight, in order of their best
 * hit; `episodes` are the hits' episodes by id, `layers` hold their graphs.
 */
export function candidatesOf(
  episodes: ReadonlyMap<string, EpisodeRecord>,
  layers: Pick<EpisodeLayers, 'graphOf'>,
  hits: readonly SearchHit[],
): Candidate[] {
  const byKey = new Map<string, Candidate>();
  hits.forEach((hit, rank) => {
    const episode = episodes.get(hit.episode_id);
    if (episode === undefined || !EVIDENCE_TYPES.has(hit.doc_type)) {
      return;
    }
    const graph = layers.graphOf(episode);
    const { insightId, quoteId } = targetOf(hit, graph);
    const key = `${hit.episode_id}|${insightId ?? (quoteId ? `quote:${quoteId}` : hit.doc_id)}`;
    const known = byKey.get(key);
    if (known) {
      known.fused += hit.score;
      if (quoteId && !known.matchedQuoteIds.includes(quoteId)) {
        known.matchedQuoteIds.push(quoteId);
      }
      return;
    }
    const isChunk = insightId === undefined && quoteId === undefined;
    byKey.set(key, {
      key,
      episode,
      graph,
      insightId,
      matchedQuoteIds: quoteId ? [quoteId] : [],
      ...(isChunk && hit.char_start !== undefined && hit.char_end !== undefined
        ? { chunk: { char_start: hit.char_start, char_end: hit.char_end, text: hit.text } }
        : {}),
      fused: hit.score,
      bestRank: rank,
    });
  });
  return [...byKey.values()];
}

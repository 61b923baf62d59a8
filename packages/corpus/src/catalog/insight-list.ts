import type { InsightProjection, InsightQuote } from '@podcast/contracts';
import { projectInsights } from '../graph/insight-projection.js';
import type { NormalizedGraph, NormalizedInsight, NormalizedQuote } from '../readers/gi-graph.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { perSnapshot } from '../snapshot/snapshot-memo.js';

function isCount(value: number | undefined): value is number {
  return value !== undefined && Number.isInteger(value) && value >= 0;
}

/**
 * A quote as the app plays it, or undefined when it has no usable timing:
 * lineages without timestamps have no honest value (docs/decisions/contracts.md).
 * Fractional milliseconds are rounded; offsets that are not counts are left out.
 */
export function projectQuote(quote: NormalizedQuote): InsightQuote | undefined {
  const start = quote.timestamp_start_ms;
  const end = quote.timestamp_end_ms;
  if (start === undefined || end === undefined || start < 0 || end < 0) {
    return undefined;
  }
  return {
    id: quote.id,
    text: quote.text,
    speaker_id: quote.speaker_id,
    ...(quote.speaker_name === undefined ? {} : { speaker_name: quote.speaker_name }),
    timestamp_start_ms: Math.round(start),
    timestamp_end_ms: Math.round(end),
    ...(isCount(quote.char_start) ? { char_start: quote.char_start } : {}),
    ...(isCount(quote.char_end) ? { char_end: quote.char_end } : {}),
  };
}

/** Playback order: start time, then transcript offset, then id. */
function compareQuotes(a: InsightQuote, b: InsightQuote): number {
  return (
    a.timestamp_start_ms - b.timestamp_start_ms ||
    (a.char_start ?? 0) - (b.char_start ?? 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

function projectInsight(
  insight: NormalizedInsight,
  quotesById: ReadonlyMap<string, NormalizedQuote>,
): InsightProjection {
  const quotes: InsightQuote[] = [];
  for (const id of insight.quoteIds) {
    const quote = quotesById.get(id);
    const projected = quote && projectQuote(quote);
    if (projected) {
      quotes.push(projected);
    }
  }
  const { confidence } = insight;
  return {
    id: insight.id,
    text: insight.text,
    grounded: insight.grounded,
    ...(insight.insight_type === undefined ? {} : { insight_type: insight.insight_type }),
    ...(confidence !== undefined && confidence >= 0 && confidence <= 1 ? { confidence } : {}),
    ...(insight.position_hint === undefined ? {} : { position_hint: insight.position_hint }),
    quotes: quotes.sort(compareQuotes),
  };
}

// Graphs are immutable values of a snapshot, so one projection per graph
// serves every request; the lists are kept on the snapshot.
const listsOf = perSnapshot(
  (_snapshot: Pick<CorpusSnapshot, 'derived'>) =>
    new Map<NormalizedGraph, readonly InsightProjection[]>(),
  'insight_lists',
);

/**
 * The insights an episode shows, in salience order, each with its timed
 * supporting quotes in playback order. No graph gives an empty list.
 */
export function insightListOf(
  snapshot: Pick<CorpusSnapshot, 'derived'>,
  graph: NormalizedGraph | undefined,
): {
  items: readonly InsightProjection[];
} {
  if (graph === undefined) {
    return { items: [] };
  }
  const listByGraph = listsOf(snapshot);
  let items = listByGraph.get(graph);
  if (items === undefined) {
    items = projectInsightList(graph);
    listByGraph.set(graph, items);
  }
  return { items };
}

/**
 * `insightListOf`'s items made afresh, for a graph read on demand, which
 * has no snapshot to keep them on.
 */
export function projectInsightList(graph: NormalizedGraph): readonly InsightProjection[] {
  const quotesById = new Map(graph.quotes.map((quote) => [quote.id, quote]));
  return projectInsights(graph).map((insight) => projectInsight(insight, quotesById));
}

import type { NormalizedGraph, NormalizedInsight, NormalizedQuote } from './gi-graph.js';

function isShown(insight: NormalizedInsight): boolean {
  return insight.surfaceable !== false && insight.routing_tag?.toLowerCase() !== 'drop';
}

/**
 * The insights an episode shows (spec 04 §4 reader rules): `surfaceable:
 * false` and `routing_tag: "drop"` are dropped; the rest sorted stably by
 * salience descending, insights without a salience after those with one.
 */
export function projectInsights(graph: NormalizedGraph): NormalizedInsight[] {
  const salienceOf = (insight: NormalizedInsight) => insight.salience ?? Number.NEGATIVE_INFINITY;
  return graph.insights
    .filter(isShown)
    .map((insight, index) => ({ insight, index }))
    .sort((a, b) => salienceOf(b.insight) - salienceOf(a.insight) || a.index - b.index)
    .map(({ insight }) => insight);
}

/** The insight's supporting quotes that exist as nodes, in SUPPORTED_BY order. */
export function quotesOfInsight(
  graph: NormalizedGraph,
  insight: NormalizedInsight,
): NormalizedQuote[] {
  const byId = new Map(graph.quotes.map((quote) => [quote.id, quote]));
  return insight.quoteIds
    .map((id) => byId.get(id))
    .filter((quote): quote is NormalizedQuote => quote !== undefined);
}

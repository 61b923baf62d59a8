import type { NormalizedGraph, NormalizedInsight, NormalizedQuote } from '../readers/gi-graph.js';

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

/** A supporting quote as a listed insight shows it. */
export interface ListedQuote {
  id: string;
  text: string;
  speaker_id: string | null;
  speaker_name?: string;
  timestamp_start_ms?: number;
  timestamp_end_ms?: number;
}

/**
 * An insight as the cross-episode list shows it (the explore rows), without
 * its episode: its own fields, its topics labelled by its graph, its persons
 * and its supporting quotes. The projection makes it per request, the corpus
 * index once per ingest, so the two stores cannot show an insight differently.
 */
export interface ListedInsight {
  insight_id: string;
  text: string;
  grounded: boolean;
  confidence: number | null;
  insight_type: string | null;
  topics: { id: string; label: string }[];
  person_ids: string[];
  supporting_quotes: ListedQuote[];
}

/** A graph's topic labels by id (the last of a repeated id winning). */
export function topicLabelsOf(graph: NormalizedGraph): Map<string, string> {
  return new Map(graph.topics.map((t) => [t.id, t.label]));
}

export function listedInsightOf(
  graph: NormalizedGraph,
  insight: NormalizedInsight,
  labels: ReadonlyMap<string, string> = topicLabelsOf(graph),
): ListedInsight {
  return {
    insight_id: insight.id,
    text: insight.text,
    grounded: insight.grounded,
    confidence: insight.confidence ?? null,
    insight_type: insight.insight_type ?? null,
    topics: insight.topicIds.map((id) => ({ id, label: labels.get(id) ?? id })),
    person_ids: [...insight.personIds],
    supporting_quotes: quotesOfInsight(graph, insight).map((q) => ({
      id: q.id,
      text: q.text,
      speaker_id: q.speaker_id,
      ...(q.speaker_name === undefined ? {} : { speaker_name: q.speaker_name }),
      timestamp_start_ms: q.timestamp_start_ms,
      timestamp_end_ms: q.timestamp_end_ms,
    })),
  };
}

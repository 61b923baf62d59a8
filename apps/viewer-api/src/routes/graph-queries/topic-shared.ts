import {
  type GraphIndex,
  type InsightTypes,
  type SentimentOf,
  sentimentLookup,
  topicTimeline,
} from '@podcast/corpus';
import type { ViewerCtx } from '../../context.js';
import { answerForGraph, GRAPH_SCOPE_NOTE } from './graph-scope.js';

/**
 * `answer` over the graph of the `path` parameter's corpus, given the sentiment
 * of the insights about `topics` (each of their episodes' sidecars read once).
 */
export function answerWithSentiment<T extends object>(
  ctx: ViewerCtx,
  path: string | undefined,
  topics: readonly string[],
  answer: (index: GraphIndex, sentimentOf: SentimentOf) => T,
) {
  return answerForGraph(ctx, path, async ({ snapshot, index }) => {
    const items = topics.flatMap((t) => index.byTopic.get(index.canonicalOf(t, 'topic:')) ?? []);
    return answer(index, await sentimentLookup(snapshot, items));
  });
}

/** A timeline over `topics` with the sentiment of their insights. */
export function timelineOf(
  ctx: ViewerCtx,
  path: string | undefined,
  topics: readonly string[],
  types: InsightTypes,
) {
  return answerWithSentiment(ctx, path, topics, (index, sentimentOf) =>
    topicTimeline(index, { topics, types }, sentimentOf),
  );
}

export const TIMELINE_NOTE =
  `${GRAPH_SCOPE_NOTE} Episodes oldest first (undated last) with their display fields; ` +
  'insights carry sentiment when the sidecar has it. insight_types omitted, all or * keeps ' +
  'every type.';

import { type InsightTypes, sentimentLookup, topicTimeline } from '@podcast/corpus';
import { topicTimelineFromIndex } from '@podcast/corpus-index';
import type { ViewerCtx } from '../../context.js';
import { answerForIndexedGraph, GRAPH_SCOPE_NOTE, type GraphScope } from './graph-scope.js';

/** The sentiment of the insights about `topics` (each of their episodes' sidecars read once). */
export function topicsSentiment({ snapshot, index }: GraphScope, topics: readonly string[]) {
  const items = topics.flatMap((t) => index.byTopic.get(index.canonicalOf(t, 'topic:')) ?? []);
  return sentimentLookup(snapshot, items);
}

/** A timeline over `topics` with the sentiment of their insights. */
export function timelineOf(
  ctx: ViewerCtx,
  path: string | undefined,
  topics: readonly string[],
  types: InsightTypes,
) {
  return answerForIndexedGraph(ctx, path, {
    index: (db) => topicTimelineFromIndex(db, { topics, types }),
    graph: async (scope) =>
      topicTimeline(scope.index, { topics, types }, await topicsSentiment(scope, topics)),
  });
}

export const TIMELINE_NOTE =
  `${GRAPH_SCOPE_NOTE} Episodes oldest first (undated last) with their display fields; ` +
  'insights carry sentiment when the sidecar has it. insight_types omitted, all or * keeps ' +
  'every type.';

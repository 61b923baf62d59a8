import {
  CilConversationArcResponse,
  CilTopicPersonsResponse,
  CilTopicPerspectiveLeadersResponse,
  CilTopicPerspectivesResponse,
  CilTopicTimelineResponse,
  CorpusPathQuery,
  PerspectiveLeadersQuery,
  PerspectivesQuery,
  TopicIdParams,
  TopicInsightTypesQuery,
  TopicTimelineRequest,
} from '@podcast/contracts';
import {
  conversationArc,
  type GraphIndex,
  type InsightTypes,
  perspectiveLeaders,
  type SentimentOf,
  sentimentLookup,
  topicPersons,
  topicPerspectives,
  topicTimeline,
} from '@podcast/corpus';
import { defineRoute, type ViewerCtx } from '../../context.js';
import { snapshotCache } from '../snapshot-cache.js';
import { answerForGraph, GRAPH_SCOPE_NOTE, typesOrDefault } from './graph-scope.js';

const TAGS = ['graph-queries'];

/**
 * `answer` over the graph of the `path` parameter's corpus, given the sentiment
 * of the insights about `topics` (each of their episodes' sidecars read once).
 */
function answerWithSentiment<T extends object>(
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
function timelineOf(
  ctx: ViewerCtx,
  path: string | undefined,
  topics: readonly string[],
  types: InsightTypes,
) {
  return answerWithSentiment(ctx, path, topics, (index, sentimentOf) =>
    topicTimeline(index, { topics, types }, sentimentOf),
  );
}

const TIMELINE_NOTE =
  `${GRAPH_SCOPE_NOTE} Episodes oldest first (undated last) with their display fields; ` +
  'insights carry sentiment when the sidecar has it. insight_types omitted, all or * keeps ' +
  'every type.';

export const getTopicTimeline = defineRoute({
  method: 'get',
  path: '/api/topics/{topic_id}/timeline',
  summary: 'Insights about the topic, per episode',
  description: TIMELINE_NOTE,
  tags: TAGS,
  auth: 'open',
  params: TopicIdParams,
  query: TopicInsightTypesQuery,
  responses: { 200: CilTopicTimelineResponse },
  handler: ({ params, query, ctx }) =>
    timelineOf(ctx, query.path, [params.topic_id], typesOrDefault(query.insight_types, 'all')),
});

export const postTopicsTimeline = defineRoute({
  method: 'post',
  path: '/api/topics/timeline',
  summary: 'One merged timeline over several topics',
  description:
    `${TIMELINE_NOTE} topic_ids (1-50) come back canonical, deduplicated and sorted; an episode ` +
    'appears once with each insight once, however many of the topics it is about.',
  tags: TAGS,
  auth: 'open',
  body: TopicTimelineRequest,
  responses: { 200: CilTopicTimelineResponse },
  handler: ({ body, ctx }) =>
    timelineOf(ctx, body.path, body.topic_ids, typesOrDefault(body.insight_types, 'all')),
});

export const getConversationArc = defineRoute({
  method: 'get',
  path: '/api/topics/{topic_id}/conversation-arc',
  summary: 'Weekly volume and sentiment mix of talk about the topic',
  description:
    `${GRAPH_SCOPE_NOTE} ISO weeks oldest first; weeks without insights between the first and ` +
    'the last are filled with zeros (up to a 520-week span). Undated insights are counted in ' +
    '`undated`, not in a week. The sentiment mix comes from the insight_sentiment sidecars; ' +
    'avg_compound is null for a week without sentiment.',
  tags: TAGS,
  auth: 'open',
  params: TopicIdParams,
  query: TopicInsightTypesQuery,
  responses: { 200: CilConversationArcResponse },
  handler: ({ params, query, ctx }) =>
    answerWithSentiment(ctx, query.path, [params.topic_id], (index, sentimentOf) => {
      const types = typesOrDefault(query.insight_types, 'all');
      return conversationArc(index, { topic: params.topic_id, types }, sentimentOf);
    }),
});

export const getTopicPersons = defineRoute({
  method: 'get',
  path: '/api/topics/{topic_id}/persons',
  summary: 'People who discuss the topic in grounded quotes',
  description: `${GRAPH_SCOPE_NOTE} Most grounded insights first, then id.`,
  tags: TAGS,
  auth: 'open',
  params: TopicIdParams,
  query: CorpusPathQuery,
  responses: { 200: CilTopicPersonsResponse },
  cache: snapshotCache,
  handler: ({ params, query, ctx }) =>
    answerForGraph(ctx, query.path, ({ index }) => topicPersons(index, params.topic_id)),
});

export const getPerspectiveLeaders = defineRoute({
  method: 'get',
  path: '/api/topics/perspective-leaders',
  summary: 'Who talks most about each topic',
  description:
    `${GRAPH_SCOPE_NOTE} The \`limit\` (1-200, default 20) most discussed topics, each with ` +
    'its three most prolific speakers.',
  tags: TAGS,
  auth: 'open',
  query: PerspectiveLeadersQuery,
  responses: { 200: CilTopicPerspectiveLeadersResponse },
  cache: snapshotCache,
  handler: ({ query, ctx }) =>
    answerForGraph(ctx, query.path, ({ index }) => perspectiveLeaders(index, query.limit)),
});

export const getTopicPerspectives = defineRoute({
  method: 'get',
  path: '/api/topics/{topic_id}/perspectives',
  summary: "The topic's insights per person or per show, with their sentiment mix",
  description:
    `${GRAPH_SCOPE_NOTE} scope=person (default) groups by speaker, scope=show by feed_id; ` +
    'largest group first, five newest insights each.',
  tags: TAGS,
  auth: 'open',
  params: TopicIdParams,
  query: PerspectivesQuery,
  responses: { 200: CilTopicPerspectivesResponse },
  handler: ({ params, query, ctx }) =>
    answerWithSentiment(ctx, query.path, [params.topic_id], (index, sentimentOf) =>
      topicPerspectives(index, { topic: params.topic_id, scope: query.scope }, sentimentOf),
    ),
});

export const graphQueryRoutes = [
  getPerspectiveLeaders,
  postTopicsTimeline,
  getTopicTimeline,
  getConversationArc,
  getTopicPersons,
  getTopicPerspectives,
];

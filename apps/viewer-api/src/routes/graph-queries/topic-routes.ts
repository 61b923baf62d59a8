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
  type CorpusSnapshot,
  conversationArc,
  type GraphIndex,
  type InsightTypes,
  perspectiveLeaders,
  sentimentLookup,
  topicPersons,
  topicPerspectives,
  topicTimeline,
} from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { snapshotCache } from '../snapshot-cache.js';
import { GRAPH_SCOPE_NOTE, graphScope, typesOrDefault } from './graph-scope.js';

const TAGS = ['graph-queries'];

/** Sentiment of the insights about `topics`, reading each of their episodes' sidecars once. */
function topicSentiments(snapshot: CorpusSnapshot, index: GraphIndex, topics: readonly string[]) {
  const items = topics.flatMap((t) => index.byTopic.get(index.canonicalOf(t, 'topic:')) ?? []);
  return sentimentLookup(snapshot, items);
}

/** A timeline over `topics` with the sentiment of their insights. */
async function timelineOf(
  snapshot: CorpusSnapshot,
  index: GraphIndex,
  topics: readonly string[],
  types: InsightTypes,
) {
  const sentimentOf = await topicSentiments(snapshot, index, topics);
  return { path: snapshot.root, ...topicTimeline(index, { topics, types }, sentimentOf) };
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
  handler: async ({ params, query, ctx }) => {
    const { snapshot, index } = await graphScope(ctx, query.path);
    const types = typesOrDefault(query.insight_types, 'all');
    return timelineOf(snapshot, index, [params.topic_id], types);
  },
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
  handler: async ({ body, ctx }) => {
    const { snapshot, index } = await graphScope(ctx, body.path);
    const types = typesOrDefault(body.insight_types, 'all');
    return timelineOf(snapshot, index, body.topic_ids, types);
  },
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
  handler: async ({ params, query, ctx }) => {
    const { snapshot, index } = await graphScope(ctx, query.path);
    const sentimentOf = await topicSentiments(snapshot, index, [params.topic_id]);
    const types = typesOrDefault(query.insight_types, 'all');
    const arc = conversationArc(index, { topic: params.topic_id, types }, sentimentOf);
    return { path: snapshot.root, ...arc };
  },
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
  handler: async ({ params, query, ctx }) => {
    const { snapshot, index } = await graphScope(ctx, query.path);
    return { path: snapshot.root, ...topicPersons(index, params.topic_id) };
  },
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
  handler: async ({ query, ctx }) => {
    const { snapshot, index } = await graphScope(ctx, query.path);
    return { path: snapshot.root, ...perspectiveLeaders(index, query.limit) };
  },
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
  handler: async ({ params, query, ctx }) => {
    const { snapshot, index } = await graphScope(ctx, query.path);
    const sentimentOf = await topicSentiments(snapshot, index, [params.topic_id]);
    const answer = topicPerspectives(
      index,
      { topic: params.topic_id, scope: query.scope },
      sentimentOf,
    );
    return { path: snapshot.root, ...answer };
  },
});

export const graphQueryRoutes = [
  getPerspectiveLeaders,
  postTopicsTimeline,
  getTopicTimeline,
  getConversationArc,
  getTopicPersons,
  getTopicPerspectives,
];

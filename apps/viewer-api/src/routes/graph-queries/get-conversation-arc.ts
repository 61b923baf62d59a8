import {
  CilConversationArcResponse,
  TopicIdParams,
  TopicInsightTypesQuery,
} from '@podcast/contracts';
import { conversationArc } from '@podcast/corpus';
import { conversationArcFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedSentimentCache } from '../snapshot-cache.js';
import { answerForIndexedGraph, GRAPH_SCOPE_NOTE, typesOrDefault } from './graph-scope.js';
import { topicsSentiment } from './topic-shared.js';

export const getConversationArc = defineRoute({
  method: 'get',
  path: '/api/topics/{topic_id}/conversation-arc',
  summary: 'Weekly volume and sentiment mix of talk about the topic',
  description:
    `${GRAPH_SCOPE_NOTE} ISO weeks oldest first; weeks without insights between the first and ` +
    'the last are filled with zeros (up to a 520-week span). Undated insights are counted in ' +
    '`undated`, not in a week. The sentiment mix comes from the insight_sentiment sidecars; ' +
    'avg_compound is null for a week without sentiment.',
  tags: ['graph-queries'],
  auth: 'open',
  params: TopicIdParams,
  query: TopicInsightTypesQuery,
  responses: { 200: CilConversationArcResponse },
  cache: indexedSentimentCache,
  handler: ({ params, query, ctx }) => {
    const asked = { topic: params.topic_id, types: typesOrDefault(query.insight_types, 'all') };
    return answerForIndexedGraph(ctx, query.path, {
      index: (db) => conversationArcFromIndex(db, asked),
      graph: async (scope) =>
        conversationArc(scope.index, asked, await topicsSentiment(scope, [params.topic_id])),
    });
  },
});

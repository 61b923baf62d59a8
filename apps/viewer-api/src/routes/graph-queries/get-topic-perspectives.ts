import { CilTopicPerspectivesResponse, PerspectivesQuery, TopicIdParams } from '@podcast/contracts';
import { topicPerspectives } from '@podcast/corpus';
import { topicPerspectivesFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedSentimentCache } from '../snapshot-cache.js';
import { answerForIndexedGraph, GRAPH_SCOPE_NOTE } from './graph-scope.js';
import { topicsSentiment } from './topic-shared.js';

export const getTopicPerspectives = defineRoute({
  method: 'get',
  path: '/api/topics/{topic_id}/perspectives',
  summary: "The topic's insights per person or per show, with their sentiment mix",
  description:
    `${GRAPH_SCOPE_NOTE} scope=person (default) groups by speaker, scope=show by feed_id; ` +
    'largest group first, five newest insights each.',
  tags: ['graph-queries'],
  auth: 'open',
  params: TopicIdParams,
  query: PerspectivesQuery,
  responses: { 200: CilTopicPerspectivesResponse },
  cache: indexedSentimentCache,
  handler: ({ params, query, ctx }) => {
    const asked = { topic: params.topic_id, scope: query.scope };
    return answerForIndexedGraph(ctx, query.path, {
      index: (db) => topicPerspectivesFromIndex(db, asked),
      graph: async (scope) =>
        topicPerspectives(scope.index, asked, await topicsSentiment(scope, [params.topic_id])),
    });
  },
});

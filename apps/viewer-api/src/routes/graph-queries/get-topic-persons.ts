import { CilTopicPersonsResponse, CorpusPathQuery, TopicIdParams } from '@podcast/contracts';
import { topicPersons } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { snapshotCache } from '../snapshot-cache.js';
import { answerForGraph, GRAPH_SCOPE_NOTE } from './graph-scope.js';

export const getTopicPersons = defineRoute({
  method: 'get',
  path: '/api/topics/{topic_id}/persons',
  summary: 'People who discuss the topic in grounded quotes',
  description: `${GRAPH_SCOPE_NOTE} Most grounded insights first, then id.`,
  tags: ['graph-queries'],
  auth: 'open',
  params: TopicIdParams,
  query: CorpusPathQuery,
  responses: { 200: CilTopicPersonsResponse },
  cache: snapshotCache,
  handler: ({ params, query, ctx }) =>
    answerForGraph(ctx, query.path, ({ index }) => topicPersons(index, params.topic_id)),
});

import { CilTopicPersonsResponse, CorpusPathQuery, TopicIdParams } from '@podcast/contracts';
import { topicPersons } from '@podcast/corpus';
import { topicPersonsFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedSnapshotCache } from '../snapshot-cache.js';
import { answerForIndexedGraph, GRAPH_SCOPE_NOTE } from './graph-scope.js';

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
  cache: indexedSnapshotCache,
  handler: ({ params, query, ctx }) =>
    answerForIndexedGraph(ctx, query.path, {
      index: (db) => topicPersonsFromIndex(db, params.topic_id),
      graph: ({ index }) => topicPersons(index, params.topic_id),
    }),
});

import { CilPersonTopicsResponse, CorpusPathQuery, PersonIdParams } from '@podcast/contracts';
import { personTopics } from '@podcast/corpus';
import { personTopicsFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedSnapshotCache } from '../snapshot-cache.js';
import { answerForIndexedGraph, GRAPH_SCOPE_NOTE } from './graph-scope.js';

export const getPersonTopics = defineRoute({
  method: 'get',
  path: '/api/persons/{person_id}/topics',
  summary: 'Distinct topics the person speaks about',
  description: `${GRAPH_SCOPE_NOTE} Most insights first, then topic id.`,
  tags: ['graph-queries'],
  auth: 'open',
  params: PersonIdParams,
  query: CorpusPathQuery,
  responses: { 200: CilPersonTopicsResponse },
  cache: indexedSnapshotCache,
  handler: ({ params, query, ctx }) =>
    answerForIndexedGraph(ctx, query.path, {
      index: (db) => personTopicsFromIndex(db, params.person_id),
      graph: ({ index }) => personTopics(index, params.person_id),
    }),
});

import { CilPersonTopicsResponse, CorpusPathQuery, PersonIdParams } from '@podcast/contracts';
import { personTopics } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { snapshotCache } from '../snapshot-cache.js';
import { answerForGraph, GRAPH_SCOPE_NOTE } from './graph-scope.js';

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
  cache: snapshotCache,
  handler: ({ params, query, ctx }) =>
    answerForGraph(ctx, query.path, ({ index }) => personTopics(index, params.person_id)),
});

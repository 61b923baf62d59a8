import { CilTopicPerspectiveLeadersResponse, PerspectiveLeadersQuery } from '@podcast/contracts';
import { perspectiveLeaders } from '@podcast/corpus';
import { perspectiveLeadersFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedSnapshotCache } from '../snapshot-cache.js';
import { answerForIndexedGraph, GRAPH_SCOPE_NOTE } from './graph-scope.js';

export const getPerspectiveLeaders = defineRoute({
  method: 'get',
  path: '/api/topics/perspective-leaders',
  summary: 'Who talks most about each topic',
  description:
    `${GRAPH_SCOPE_NOTE} The \`limit\` (1-200, default 20) most discussed topics, each with ` +
    'its three most prolific speakers.',
  tags: ['graph-queries'],
  auth: 'open',
  query: PerspectiveLeadersQuery,
  responses: { 200: CilTopicPerspectiveLeadersResponse },
  cache: indexedSnapshotCache,
  handler: ({ query, ctx }) =>
    answerForIndexedGraph(ctx, query.path, {
      index: (db) => perspectiveLeadersFromIndex(db, query.limit),
      graph: ({ index }) => perspectiveLeaders(index, query.limit),
    }),
});

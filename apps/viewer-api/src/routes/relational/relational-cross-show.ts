import { CrossShowQuery, RelationalGroupedResponse } from '@podcast/contracts';
import { crossShow } from '@podcast/corpus';
import { crossShowFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { answerForIndexedGraph } from '../graph-queries/graph-scope.js';
import { indexedSnapshotCache } from '../snapshot-cache.js';
import { SCOPE_NOTE } from './relational-shared.js';

export const relationalCrossShow = defineRoute({
  method: 'get',
  path: '/api/relational/cross-show',
  summary: "The topic's strongest insights per show",
  description: `${SCOPE_NOTE} Groups are feed ids, most insights first; per_show (1-20, default 1) insights each, grounded and confident first; k caps the groups.`,
  tags: ['relational'],
  auth: 'open',
  query: CrossShowQuery,
  responses: { 200: RelationalGroupedResponse },
  cache: indexedSnapshotCache,
  handler: ({ query, ctx }) =>
    answerForIndexedGraph(ctx, query.path, {
      index: async (db) => ({
        groups: await crossShowFromIndex(db, query.topic, query.per_show, query.k),
      }),
      graph: ({ index }) => ({ groups: crossShow(index, query.topic, query.per_show, query.k) }),
    }),
});

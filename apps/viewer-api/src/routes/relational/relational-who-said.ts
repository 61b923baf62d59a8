import { RelationalGroupedResponse, relationalQuery } from '@podcast/contracts';
import { whoSaid } from '@podcast/corpus';
import { whoSaidFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { answerForIndexedGraph } from '../graph-queries/graph-scope.js';
import { indexedSnapshotCache } from '../snapshot-cache.js';
import { SCOPE_NOTE } from './relational-shared.js';

export const relationalWhoSaid = defineRoute({
  method: 'get',
  path: '/api/relational/who-said',
  summary: "The topic's insights grouped by the person who said them",
  description: `${SCOPE_NOTE} Groups are person ids, most insights first; k caps the groups and each list.`,
  tags: ['relational'],
  auth: 'open',
  query: relationalQuery('topic'),
  responses: { 200: RelationalGroupedResponse },
  cache: indexedSnapshotCache,
  handler: ({ query, ctx }) =>
    answerForIndexedGraph(ctx, query.path, {
      index: async (db) => ({ groups: await whoSaidFromIndex(db, query.topic, query.k) }),
      graph: ({ index }) => ({ groups: whoSaid(index, query.topic, query.k) }),
    }),
});

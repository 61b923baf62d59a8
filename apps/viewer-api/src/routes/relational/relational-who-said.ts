import { RelationalGroupedResponse, relationalQuery } from '@podcast/contracts';
import { whoSaid } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { answerForGraph } from '../graph-queries/graph-scope.js';
import { snapshotCache } from '../snapshot-cache.js';
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
  cache: snapshotCache,
  handler: ({ query, ctx }) =>
    answerForGraph(ctx, query.path, ({ index }) => ({
      groups: whoSaid(index, query.topic, query.k),
    })),
});

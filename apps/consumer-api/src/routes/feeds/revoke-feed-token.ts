import { revokeFeedToken } from '@podcast/auth';
import { FeedTokenRevokeQuery, Problem, z } from '@podcast/contracts';
import { defineRoute } from '../../context.js';

export const revokeFeedTokenRoute = defineRoute({
  method: 'delete',
  path: '/api/app/feeds/tokens',
  summary: 'Revoke a feed token',
  description:
    'The token is named by `id` in the query. The next request that carries it is refused; ' +
    'feeds added with it stop updating.',
  tags: ['feeds'],
  auth: 'session',
  query: FeedTokenRevokeQuery,
  responses: {
    204: z.null().describe('Revoked'),
    404: Problem.describe('No such feed token of this user'),
  },
  handler: async ({ ctx, query, principal }) => {
    await revokeFeedToken(ctx, principal.user.id, query.id);
  },
});

import { FeedIdParams, z } from '@podcast/contracts';
import { unsubscribe } from '@podcast/db';
import { defineRoute } from '../../context.js';

export const unsubscribeFeed = defineRoute({
  method: 'delete',
  path: '/api/app/library/{feed_id}',
  summary: 'Unsubscribe from a show',
  description: '204 whether or not the show was subscribed.',
  tags: ['library'],
  auth: 'session',
  params: FeedIdParams,
  responses: { 204: z.null().describe('Not subscribed (any more)') },
  handler: async ({ ctx, params, principal }) => {
    await unsubscribe(ctx.db, principal.user.id, params.feed_id);
  },
});

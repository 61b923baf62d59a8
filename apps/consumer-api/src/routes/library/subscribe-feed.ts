import { FeedIdParams, LibraryItem, Problem } from '@podcast/contracts';
import { reply } from '@podcast/http-kit';
import { subscribeUser } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const subscribeFeed = defineRoute({
  method: 'post',
  path: '/api/app/library/{feed_id}',
  summary: 'Subscribe to a show',
  description: 'Idempotent on feed_id: 201 when new, 200 when already subscribed.',
  tags: ['library'],
  auth: 'session',
  params: FeedIdParams,
  responses: {
    201: LibraryItem,
    200: LibraryItem.describe('Already subscribed'),
    404: Problem.describe('No show with this feed id in the corpus'),
    409: Problem.describe('Already 2,000 shows in the library'),
  },
  handler: async ({ ctx, params, principal }) => {
    const { isNew, item } = await subscribeUser(
      userStateOf(ctx),
      principal.user.id,
      params.feed_id,
    );
    return reply(isNew ? 201 : 200, item);
  },
});

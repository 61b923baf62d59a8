import { FeedIdParams, LibraryItem, NotFound, Problem } from '@podcast/contracts';
import { listSubscriptions, subscribe } from '@podcast/db';
import { reply } from '@podcast/http-kit';
import { userOf } from '../../auth/session-auth.js';
import { defineRoute } from '../../context.js';
import { libraryItemsOf } from './library-items.js';

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
  },
  handler: async ({ ctx, params, principal }) => {
    const userId = userOf(principal).id;
    const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
    if (snapshot.findFeed(params.feed_id) === undefined) {
      throw new NotFound(`no show with feed id ${params.feed_id}`);
    }
    const isNew = await subscribe(ctx.db, userId, params.feed_id, ctx.now());
    const mine = libraryItemsOf(snapshot, await listSubscriptions(ctx.db, userId));
    const item = mine.find((candidate) => candidate.feed_id === params.feed_id);
    return reply(isNew ? 201 : 200, item);
  },
});

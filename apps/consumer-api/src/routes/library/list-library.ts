import { LibraryList } from '@podcast/contracts';
import { listSubscriptions } from '@podcast/db';
import { userOf } from '../../auth/session-auth.js';
import { defineRoute } from '../../context.js';
import { libraryItemsOf } from './library-items.js';

export const listLibrary = defineRoute({
  method: 'get',
  path: '/api/app/library',
  summary: "The user's subscribed shows, oldest subscription first",
  tags: ['library'],
  auth: 'session',
  responses: { 200: LibraryList },
  handler: async ({ ctx, principal }) => {
    const [snapshot, subscriptions] = await Promise.all([
      ctx.corpus.get(ctx.config.corpusDir),
      listSubscriptions(ctx.db, userOf(principal).id),
    ]);
    return { items: libraryItemsOf(snapshot, subscriptions) };
  },
});

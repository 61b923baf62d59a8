import { LibraryItem, LibrarySubscribeBody, Problem } from '@podcast/contracts';
import { reply } from '@podcast/http-kit';
import { subscribeUser } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const subscribeFeedFromBody = defineRoute({
  method: 'post',
  path: '/api/app/library',
  summary: 'Subscribe to a show named in a JSON body',
  description:
    'How clients of the reference implementation subscribe: `{feed_id, feed_url?, title?}`. ' +
    'The same rules as POST /api/app/library/{feed_id}: idempotent on feed_id (201 when new, ' +
    '200 when already subscribed), 404 for a feed id the corpus lacks. `feed_url` and `title` ' +
    'are accepted and not stored: the show is shown with its corpus title and artwork.',
  tags: ['library'],
  auth: 'session',
  body: LibrarySubscribeBody,
  responses: {
    201: LibraryItem,
    200: LibraryItem.describe('Already subscribed'),
    404: Problem.describe('No show with this feed id in the corpus'),
    409: Problem.describe('Already 2,000 shows in the library'),
  },
  handler: async ({ ctx, body, principal }) => {
    const { isNew, item } = await subscribeUser(userStateOf(ctx), principal.user.id, body.feed_id);
    return reply(isNew ? 201 : 200, item);
  },
});

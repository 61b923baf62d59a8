import { isOwnFeedToken } from '@podcast/auth';
import { DomainError, OpmlExportQuery, Problem } from '@podcast/contracts';
import { rawReply } from '@podcast/http-kit';
import { exportUserOpml } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { overlayFeedUrlOf } from '../feeds/feed-replies.js';
import { publicOriginOf } from '../public-origin.js';

export const exportOpml = defineRoute({
  method: 'get',
  path: '/api/app/library/opml',
  summary: 'Export the subscriptions as OPML 2.0',
  description:
    'One outline per subscribed show with its title and RSS URL (xmlUrl); shows without a ' +
    'known RSS URL, or no longer in the corpus, are left out. With `overlay=true` each xmlUrl ' +
    "is the show's overlay feed on this server instead (every show has one), carrying `token` " +
    'when one of your feed tokens is given, so a podcast app can import them all at once.',
  tags: ['library'],
  auth: 'session',
  query: OpmlExportQuery,
  responses: {
    200: { description: 'OPML 2.0 document', contentType: 'text/x-opml' },
    400: Problem.describe('`token` is not one of your feed tokens'),
  },
  handler: async ({ ctx, principal, query, req }) => {
    const userId = principal.user.id;
    if (query.token !== undefined && !(await isOwnFeedToken(ctx, userId, query.token))) {
      throw new DomainError('invalid', 'token: not one of your feed tokens', { field: 'token' });
    }
    const overlay = query.overlay
      ? overlayFeedUrlOf(publicOriginOf(ctx, req), query.token)
      : undefined;
    return rawReply(
      200,
      'text/x-opml; charset=utf-8',
      await exportUserOpml(userStateOf(ctx), userId, overlay),
      { 'Content-Disposition': 'attachment; filename="subscriptions.opml"' },
    );
  },
});

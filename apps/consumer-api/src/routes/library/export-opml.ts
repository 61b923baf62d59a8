import { rawReply } from '@podcast/http-kit';
import { exportUserOpml } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const exportOpml = defineRoute({
  method: 'get',
  path: '/api/app/library/opml',
  summary: 'Export the subscriptions as OPML 2.0',
  description:
    'One outline per subscribed show with its title and RSS URL (xmlUrl); shows without a ' +
    'known RSS URL, or no longer in the corpus, are left out.',
  tags: ['library'],
  auth: 'session',
  responses: { 200: { description: 'OPML 2.0 document', contentType: 'text/x-opml' } },
  handler: async ({ ctx, principal }) =>
    rawReply(
      200,
      'text/x-opml; charset=utf-8',
      await exportUserOpml(userStateOf(ctx), principal.user.id),
      { 'Content-Disposition': 'attachment; filename="subscriptions.opml"' },
    ),
});

import { Problem, UnsubscribeQuery } from '@podcast/contracts';
import { rawReply } from '@podcast/http-kit';
import { isKnownUnsubscribeRef } from '@podcast/notifications';
import { defineRoute } from '../../context.js';
import { confirmPage, HTML_PAGE, unknownRef } from './unsubscribe-page.js';

export const showUnsubscribe = defineRoute({
  method: 'get',
  path: '/api/app/comms/unsubscribe',
  summary: 'One-click unsubscribe: the confirm page',
  description:
    'Open route, authorised by the unsubscribe_ref. Renders a confirm form and changes nothing, ' +
    'since mail scanners fetch links. Unknown ref: 404.',
  tags: ['notifications'],
  auth: 'open',
  query: UnsubscribeQuery,
  responses: { 200: HTML_PAGE, 404: Problem.describe('The link names no subscription') },
  handler: async ({ ctx, query }) => {
    if (!(await isKnownUnsubscribeRef(ctx.db, query.ref))) {
      throw unknownRef();
    }
    return rawReply(200, 'text/html; charset=utf-8', confirmPage(query.ref, query.type), {
      'cache-control': 'no-store',
    });
  },
});

import { Problem, UnsubscribeQuery } from '@podcast/contracts';
import { rawReply } from '@podcast/http-kit';
import { unsubscribeByRef } from '@podcast/notifications';
import { defineRoute } from '../../context.js';
import { commsDeps } from './comms-deps.js';
import { donePage, HTML_PAGE, unknownRef } from './unsubscribe-page.js';

export const confirmUnsubscribe = defineRoute({
  method: 'post',
  path: '/api/app/comms/unsubscribe',
  summary: 'One-click unsubscribe',
  description:
    'Switches off the email cell of exactly this type (daily_recap leaves the digest on). ' +
    'Answers the confirm form and RFC 8058 one-click posts (List-Unsubscribe=One-Click) alike; ' +
    'the body is not needed. Idempotent. Unknown ref: 404.',
  tags: ['notifications'],
  auth: 'open',
  query: UnsubscribeQuery,
  responses: { 200: HTML_PAGE, 404: Problem.describe('The link names no subscription') },
  handler: async ({ ctx, query }) => {
    if ((await unsubscribeByRef(commsDeps(ctx), query.ref, query.type)) === undefined) {
      throw unknownRef();
    }
    return rawReply(200, 'text/html; charset=utf-8', donePage(query.type), {
      'cache-control': 'no-store',
    });
  },
});

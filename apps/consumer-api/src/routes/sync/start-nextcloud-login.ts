import { loginFlowClientName, startLoginFlow } from '@podcast/auth';
import { LoginFlowStarted, Problem } from '@podcast/contracts';
import { reply, takeFromSource } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';
import { loginFlowUrls, NO_STORE } from './nextcloud-login-shared.js';

export const startNextcloudLogin = defineRoute({
  method: 'post',
  path: '/index.php/login/v2',
  summary: 'Nextcloud login flow v2: start a sign-in for a podcast app',
  description:
    'Open the `login` page in a browser, signed in, to grant it; poll `poll.endpoint` with ' +
    '`token` meanwhile. A flow lasts 10 minutes; at most 1,000 wait at once, and an address ' +
    'may start 10 per 10 minutes (429 past either).',
  tags: ['nextcloud'],
  auth: 'open',
  responses: { 200: LoginFlowStarted, 429: Problem.describe('Too many starts or waiting flows') },
  handler: async ({ ctx, req }) => {
    takeFromSource(ctx.loginFlowLimits.starts, req);
    const clientName = loginFlowClientName(req.get('user-agent'));
    const started = await startLoginFlow(ctx, clientName, loginFlowUrls(ctx, req));
    return reply(200, started, NO_STORE);
  },
});

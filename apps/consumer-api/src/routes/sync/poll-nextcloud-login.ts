import { pollLoginFlow } from '@podcast/auth';
import { LoginFlowCredentials, LoginFlowPollBody, Problem } from '@podcast/contracts';
import { reply, takeFromSource } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';
import { loginFlowUrls, NO_STORE } from './nextcloud-login-shared.js';

export const pollNextcloudLogin = defineRoute({
  method: 'post',
  path: '/index.php/login/v2/poll',
  summary: 'Nextcloud login flow v2: collect the credentials of a granted sign-in',
  description:
    '404 until the user grants the flow; then, once, the server, the sync user name and a new ' +
    'app password. 120 polls a minute per address (429 past it).',
  tags: ['nextcloud'],
  auth: 'open',
  accepts: ['form', 'json'],
  bodyLimit: '4kb',
  body: LoginFlowPollBody,
  responses: {
    200: LoginFlowCredentials,
    404: Problem.describe('Not granted yet, expired, or collected already'),
    409: Problem.describe('The user has 20 app passwords already'),
    429: Problem.describe('Too many polls'),
  },
  handler: async ({ ctx, body, req }) => {
    takeFromSource(ctx.loginFlowLimits.polls, req);
    const credentials = await pollLoginFlow(
      { db: ctx.db, now: ctx.now, hashing: ctx.syncSignIn.hashing },
      body.token,
      loginFlowUrls(ctx, req).server,
    );
    return reply(200, credentials, NO_STORE);
  },
});

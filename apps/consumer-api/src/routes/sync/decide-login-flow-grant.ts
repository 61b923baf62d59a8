import { decideLoginFlow, loginFlowDecidedHtml } from '@podcast/auth';
import { LoginFlowDecision, LoginFlowParams, Problem } from '@podcast/contracts';
import { rawReply } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';
import { HTML, PAGE_HEADERS } from './nextcloud-login-shared.js';

export const decideLoginFlowGrant = defineRoute({
  method: 'post',
  path: '/api/app/sync/login-flow/{token}',
  summary: "The user's answer on the grant page (a form post of `decision`)",
  description:
    "allow: the app's next poll mints an app password for this user; deny: the flow ends. " +
    'Each flow is decided once.',
  tags: ['nextcloud'],
  auth: 'session',
  accepts: ['form'],
  bodyLimit: '4kb',
  params: LoginFlowParams,
  body: LoginFlowDecision,
  responses: {
    200: HTML,
    404: Problem.describe('Unknown, expired or decided already'),
    409: Problem.describe('The user has 20 app passwords already'),
  },
  handler: async ({ ctx, params, body, principal }) => {
    await decideLoginFlow(ctx, principal.user, params.token, body.decision);
    return rawReply(
      200,
      'text/html; charset=utf-8',
      loginFlowDecidedHtml(body.decision),
      PAGE_HEADERS,
    );
  },
});

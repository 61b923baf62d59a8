import { loginFlowPageHtml, loginFlowToGrant } from '@podcast/auth';
import { LoginFlowParams, Problem } from '@podcast/contracts';
import { HttpError, rawReply } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';
import { GRANT_PAGE, HTML, PAGE_HEADERS } from './nextcloud-login-shared.js';

export const showLoginFlowGrant = defineRoute({
  method: 'get',
  path: '/api/app/sync/login-flow/{token}',
  summary: "The page where a signed-in user grants a podcast app's Nextcloud sign-in",
  tags: ['nextcloud'],
  auth: 'session',
  params: LoginFlowParams,
  responses: {
    200: HTML,
    404: Problem.describe('Unknown or expired sign-in'),
    409: Problem.describe('Granted already'),
  },
  handler: async ({ ctx, params, principal }) => {
    const flow = await loginFlowToGrant(ctx, params.token);
    if (flow.grantedBy !== null) {
      throw new HttpError(409, 'this sign-in was granted already: go back to the podcast app');
    }
    const label = principal.user.email ?? principal.user.name ?? 'the local user';
    const html = loginFlowPageHtml(flow, `${GRANT_PAGE}/${params.token}`, label);
    return rawReply(200, 'text/html; charset=utf-8', html, PAGE_HEADERS);
  },
});

import { decideConsent } from '@podcast/auth';
import { ConsentBody, Problem, z } from '@podcast/contracts';
import { redirect } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';
import { shown } from './authorize-shared.js';
import { mcpEndpointsFor, mcpOAuthDeps } from './mcp-endpoints.js';

export const decideConsentRoute = defineRoute({
  method: 'post',
  path: '/api/app/mcp/oauth/authorize',
  summary: "The user's answer on the consent page",
  description:
    'Needs the session that opened the page; a form post of request_id and decision (allow or ' +
    'deny). 303 to the client: `code` (one use, five minutes) on allow, `error=access_denied` ' +
    'otherwise, with `state` and `iss`. Each request is decided once; a second post is a 400.',
  tags: ['mcp'],
  auth: 'session',
  accepts: ['form'],
  bodyLimit: '4kb',
  body: ConsentBody,
  responses: {
    303: z.null().describe('Back to the client'),
    400: Problem.describe('Unknown, expired or already decided request'),
  },
  handler: async ({ ctx, body, principal, req }) => {
    const location = await decideConsent(
      mcpOAuthDeps(ctx),
      principal.user.id,
      body.request_id,
      body.decision,
      mcpEndpointsFor(ctx, req),
    ).catch(shown);
    return redirect(303, location).setHeader('Cache-Control', 'no-store');
  },
});

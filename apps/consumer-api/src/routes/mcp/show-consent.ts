import { checkAuthorizationRequest, consentPageHtml, MCP_PATHS, openConsent } from '@podcast/auth';
import { AuthorizeQuery, Problem, z } from '@podcast/contracts';
import { rawReply, redirect } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';
import { shown } from './authorize-shared.js';
import { mcpEndpointsFor, mcpOAuthDeps } from './mcp-endpoints.js';

// The consent page must not be framed (clickjacking) nor cached.
const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
};

export const showConsent = defineRoute({
  method: 'get',
  path: '/api/app/mcp/oauth/authorize',
  summary: 'Ask the signed-in user to let an MCP client act for them',
  description:
    'Needs a session (sign in first, then open the same URL). A valid request (response_type ' +
    'code, PKCE S256, a registered redirect_uri, known scopes, `resource` naming the MCP ' +
    'endpoint when sent) answers the consent page; without `scope` the client asks for ' +
    'reading only. A `client_id` that is an https URL names a client ID metadata document, ' +
    'fetched (public addresses, 5 kB, no redirects) and cached per its headers. An unknown ' +
    'client, a document that fails, or a redirect URI the client did not list is a 400 ' +
    'shown here; other errors go back as a 302 with `error` (RFC 6749 §4.1.2.1) only to a ' +
    'client the user has connected, and are shown here for any other (RFC 9700 §4.11.2).',
  tags: ['mcp'],
  auth: 'session',
  query: AuthorizeQuery,
  responses: {
    200: { description: 'The consent page', contentType: 'text/html; charset=utf-8' },
    302: z.null().describe('An error sent back to the client'),
    400: Problem.describe(
      'Unknown client, a metadata document that fails, a redirect URI the client did not ' +
        'register, or a bad request of a client the user has not connected',
    ),
    429: Problem.describe(
      'Too many client metadata documents fetched for this user, or too many clients awaiting ' +
        'consent; see Retry-After',
    ),
  },
  handler: async ({ ctx, query, principal, req }) => {
    const endpoints = mcpEndpointsFor(ctx, req);
    const deps = mcpOAuthDeps(ctx);
    const check = await checkAuthorizationRequest(deps, query, endpoints, principal.user.id).catch(
      shown,
    );
    if (check.kind === 'redirect') {
      return redirect(302, check.location).setHeader('Cache-Control', 'no-store');
    }
    const requestId = await openConsent(deps, principal.user.id, check.pending);
    const label = principal.user.email ?? principal.user.name ?? 'the local user';
    const html = consentPageHtml(check.pending, requestId, MCP_PATHS.authorize, label);
    return rawReply(200, 'text/html; charset=utf-8', html, PAGE_HEADERS);
  },
});

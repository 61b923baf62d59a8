import { registerMcpClient } from '@podcast/auth';
import { ClientRegistrationRequest, ClientRegistrationResponse } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { OAUTH_ERROR, oauthInvalid, oauthReply } from './mcp-endpoints.js';

export const registerClient = defineRoute({
  method: 'post',
  path: '/api/app/mcp/oauth/register',
  summary: 'Register an MCP client (RFC 7591 dynamic client registration)',
  description:
    'Open (spec 01 rule 2). 201 with the client as registered; a client of `none` (public, what ' +
    'MCP clients use) gets no secret, the others get one shown only here. Redirect URIs: https, ' +
    'http on loopback, or a private-use scheme; never a fragment. Unknown metadata is ignored. ' +
    'A registration nobody consents to within 24 hours is deleted.',
  tags: ['mcp'],
  auth: 'open',
  body: ClientRegistrationRequest,
  bodyLimit: '16kb',
  responses: { 201: ClientRegistrationResponse, 400: OAUTH_ERROR },
  invalid: (failure) =>
    oauthInvalid(
      failure,
      failure.fieldErrors[0]?.field.startsWith('body.redirect_uris')
        ? 'invalid_redirect_uri'
        : 'invalid_client_metadata',
    ),
  handler: ({ ctx, body }) => oauthReply(ctx, 201, (deps) => registerMcpClient(deps, body)),
});

import { registerMcpClient } from '@podcast/auth';
import {
  ClientRegistrationRequest,
  ClientRegistrationResponse,
  MCP_OAUTH_LIMITS as LIMITS,
  Problem,
} from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { OAUTH_ERROR, oauthInvalid, oauthReply } from './mcp-endpoints.js';

export const registerClient = defineRoute({
  method: 'post',
  path: '/api/app/mcp/oauth/register',
  summary: 'Register an MCP client (RFC 7591 dynamic client registration)',
  description:
    'Open (spec 01 rule 2). 201 with the client as registered; a client of `none` (public, what ' +
    'MCP clients use) gets no secret, the others get one shown only here. Redirect URIs: https, ' +
    'http on loopback, or a private-use scheme; never a fragment; at most ' +
    `${LIMITS.redirectUris}, each at most ${LIMITS.uriChars} characters. Unknown metadata is ` +
    `ignored. 429 with Retry-After past ${LIMITS.registrationsPerAddress} registrations an hour ` +
    'from one address. A client nobody consents to is deleted after ' +
    `${LIMITS.unconsentedClientSeconds / 60} minutes, or sooner once ` +
    `${LIMITS.unconsentedClients} others await consent.`,
  tags: ['mcp'],
  auth: 'open',
  body: ClientRegistrationRequest,
  bodyLimit: '16kb',
  responses: {
    201: ClientRegistrationResponse,
    400: OAUTH_ERROR,
    429: Problem.describe('Too many registrations from this address, or awaiting consent'),
  },
  invalid: (failure) =>
    oauthInvalid(
      failure,
      failure.fieldErrors[0]?.field.startsWith('body.redirect_uris')
        ? 'invalid_redirect_uri'
        : 'invalid_client_metadata',
    ),
  handler: ({ ctx, body, req }) =>
    oauthReply(ctx, 201, (deps) =>
      registerMcpClient({ ...deps, registrations: ctx.mcpRegistrations }, body, req.ip),
    ),
});

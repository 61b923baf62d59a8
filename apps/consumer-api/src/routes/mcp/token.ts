import { type ClientCredentials, exchangeMcpToken, OAuthError } from '@podcast/auth';
import { TokenRequest, TokenResponse } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { OAUTH_ERROR, oauthInvalid, oauthReply } from './mcp-endpoints.js';

function decodeComponent(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

/** `Authorization: Basic` of RFC 6749 §2.3.1: form-encoded id and secret, base64. */
function basicCredentials(header: string | undefined): ClientCredentials {
  const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header ?? '');
  if (!header || !/^Basic /i.test(header)) {
    return {};
  }
  const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  try {
    if (colon > 0) {
      return {
        basic: {
          clientId: decodeComponent(decoded.slice(0, colon)),
          clientSecret: decodeComponent(decoded.slice(colon + 1)),
        },
      };
    }
  } catch {
    // a malformed escape falls through to the refusal below
  }
  throw new OAuthError(401, 'invalid_client', 'Authorization: malformed Basic credentials');
}

export const exchangeToken = defineRoute({
  method: 'post',
  path: '/api/app/mcp/oauth/token',
  summary: 'Trade an authorization code or a refresh token for tokens (OAuth 2.1)',
  description:
    'Open (spec 01 rule 2); a form post. authorization_code needs code and code_verifier (PKCE ' +
    'S256); refresh_token rotates: each refresh token works once, and a second use revokes the ' +
    'whole grant. Access tokens last an hour and are bound to the MCP endpoint (RFC 8707 ' +
    '`resource`). Errors are RFC 6749 §5.2 JSON: 400 invalid_request, invalid_grant, ' +
    'invalid_scope, invalid_target, unsupported_grant_type; 401 invalid_client.',
  tags: ['mcp'],
  auth: 'open',
  accepts: ['form'],
  bodyLimit: '16kb',
  body: TokenRequest,
  responses: { 200: TokenResponse, 400: OAUTH_ERROR, 401: OAUTH_ERROR },
  invalid: (failure) => oauthInvalid(failure, 'invalid_request'),
  handler: ({ ctx, body, req }) =>
    oauthReply(ctx, 200, (deps) =>
      exchangeMcpToken(deps, body, basicCredentials(req.get('authorization'))),
    ),
});

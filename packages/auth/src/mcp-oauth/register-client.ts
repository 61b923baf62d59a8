import { randomBytes } from 'node:crypto';
import {
  type ClientRegistrationRequest,
  type ClientRegistrationResponse,
  MCP_OAUTH_LIMITS,
  MCP_SCOPES,
  TooManyRequests,
} from '@podcast/contracts';
import { insertMcpClientWithinBounds } from '@podcast/db';
import type { RateLimiter } from '@podcast/runtime';
import { sourceAddressKey } from '@podcast/runtime';
import type { McpOAuthDeps } from './deps.js';
import { OAuthError } from './oauth-error.js';
import { redirectUriProblem } from './redirect-uris.js';
import { unconsentedClientBounds } from './registration-limits.js';
import { parseScopes, scopeText } from './scopes.js';
import { hashSecret, mintSecret } from './secrets.js';

/** What registration takes besides the usual: the per-address budget (registration-limits.ts). */
export interface RegistrationDeps extends McpOAuthDeps {
  registrations: RateLimiter;
}

function grantTypesOf(
  request: ClientRegistrationRequest,
): ('authorization_code' | 'refresh_token')[] {
  // Omitted: both, so a client that forgets the list can still refresh.
  const types = request.grant_types ?? ['authorization_code', 'refresh_token'];
  if (!types.includes('authorization_code')) {
    throw new OAuthError(
      400,
      'invalid_client_metadata',
      'grant_types: must include authorization_code',
    );
  }
  return [...new Set(types)];
}

/** Spends one registration of `source`, refusing the caller over its budget. */
function spendRegistration(registrations: RateLimiter, source: string | undefined): void {
  const decision = registrations.take(sourceAddressKey(source));
  if (!decision.allowed) {
    throw new TooManyRequests(
      decision.retryAfterS,
      `at most ${MCP_OAUTH_LIMITS.registrationsPerAddress} client registrations per hour from one address; retry later`,
    );
  }
}

/** The request's metadata checked: its redirect URIs, scopes and grant types. */
function checkedMetadata(request: ClientRegistrationRequest) {
  request.redirect_uris.forEach((uri, i) => {
    const problem = redirectUriProblem(uri);
    if (problem) {
      throw new OAuthError(400, 'invalid_redirect_uri', `redirect_uris.${i}: ${problem}`);
    }
  });
  const parsed = parseScopes(request.scope ?? MCP_SCOPES.join(' '));
  if ('unknown' in parsed || parsed.scopes.length === 0) {
    const word = 'unknown' in parsed ? parsed.unknown : '(empty)';
    throw new OAuthError(
      400,
      'invalid_client_metadata',
      `scope: unknown scope ${JSON.stringify(word)}`,
    );
  }
  return { scope: scopeText(parsed.scopes), grantTypes: grantTypesOf(request) };
}

/**
 * What is stored of a client's metadata (a registration's answer, a
 * metadata document): each field once, so those with a column leave it,
 * and a secret never stays.
 */
export function storedMetadata(answer: Record<string, unknown>): Record<string, unknown> {
  const {
    client_secret: _shownOnce,
    client_id: _id,
    redirect_uris: _uris,
    client_name: _name,
    token_endpoint_auth_method: _method,
    scope: _scope,
    ...metadata
  } = answer;
  return metadata;
}

/**
 * RFC 7591 dynamic registration from the `source` address. Public clients
 * (`none`, what MCP clients use) get no secret; the others get one, shown
 * once and stored hashed. Open to anyone, so bounded twice: per source
 * address (spent only by a registration that would be stored), and in how
 * many clients nobody has consented to are kept at once.
 */
export async function registerMcpClient(
  deps: RegistrationDeps,
  request: ClientRegistrationRequest,
  source: string | undefined,
): Promise<ClientRegistrationResponse> {
  const { scope, grantTypes } = checkedMetadata(request);
  spendRegistration(deps.registrations, source);
  const method = request.token_endpoint_auth_method ?? 'client_secret_basic';
  const random = deps.random ?? randomBytes;
  const now = deps.now();
  const clientId = `mcp_${random(16).toString('hex')}`;
  const secret = method === 'none' ? undefined : mintSecret('pmcs_', random);
  const answer: ClientRegistrationResponse = {
    ...request,
    redirect_uris: [...new Set(request.redirect_uris)],
    client_id: clientId,
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    token_endpoint_auth_method: method,
    grant_types: grantTypes,
    response_types: ['code'],
    scope,
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
  };
  const stored = await insertMcpClientWithinBounds(
    deps.db,
    {
      client_id: clientId,
      client_secret_hash: secret ? hashSecret(secret) : null,
      client_name: request.client_name ?? null,
      redirect_uris: answer.redirect_uris,
      token_endpoint_auth_method: method,
      scope,
      metadata: storedMetadata(answer),
    },
    unconsentedClientBounds(now),
    now,
  );
  if (!stored) {
    throw new TooManyRequests(
      MCP_OAUTH_LIMITS.consentSeconds,
      'this server holds as many registrations awaiting consent as it keeps; retry later',
    );
  }
  return answer;
}

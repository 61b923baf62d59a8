import { randomBytes } from 'node:crypto';
import {
  type ClientRegistrationRequest,
  type ClientRegistrationResponse,
  MCP_SCOPES,
} from '@podcast/contracts';
import { insertMcpClient, pruneIdleMcpClients } from '@podcast/db';
import type { McpOAuthDeps } from './deps.js';
import { OAuthError } from './oauth-error.js';
import { redirectUriProblem } from './redirect-uris.js';
import { parseScopes, scopeText } from './scopes.js';
import { hashSecret, mintSecret } from './secrets.js';

/** A registration nobody consented to within a day is abandoned: it is deleted. */
const IDLE_CLIENT_MS = 24 * 3600_000;
const PRUNE_BATCH = 100;

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

/**
 * RFC 7591 dynamic registration. Public clients (`none`, what MCP clients
 * use) get no secret; the others get one, shown once and stored hashed.
 * Every redirect URI is checked (redirect-uris.ts).
 */
export async function registerMcpClient(
  deps: McpOAuthDeps,
  request: ClientRegistrationRequest,
): Promise<ClientRegistrationResponse> {
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
    grant_types: grantTypesOf(request),
    response_types: ['code'],
    scope: scopeText(parsed.scopes),
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
  };
  const { client_secret: _shownOnce, ...metadata } = answer;
  await pruneIdleMcpClients(deps.db, new Date(now.getTime() - IDLE_CLIENT_MS), PRUNE_BATCH);
  await insertMcpClient(
    deps.db,
    {
      client_id: clientId,
      client_secret_hash: secret ? hashSecret(secret) : null,
      client_name: request.client_name ?? null,
      redirect_uris: answer.redirect_uris,
      token_endpoint_auth_method: method,
      scope: answer.scope,
      metadata,
    },
    now,
  );
  return answer;
}

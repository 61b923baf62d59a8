import { randomBytes } from 'node:crypto';
import { MCP_OAUTH_LIMITS, type TokenRequest, type TokenResponse } from '@podcast/contracts';
import {
  type Database,
  type DbExecutor,
  findMcpClient,
  insertMcpTokens,
  lockMcpCode,
  lockMcpRefreshToken,
  type McpClient,
  type McpGrantRow,
  markMcpCodeUsed,
  markMcpTokenUsed,
  revokeMcpGrant,
  sweepExpiredMcpTokens,
  withTransaction,
} from '@podcast/db';
import { safeEqual } from '@podcast/runtime';
import type { Transaction } from 'kysely';
import type { McpOAuthDeps } from './deps.js';
import { sameResource } from './endpoints.js';
import { OAuthError } from './oauth-error.js';
import { isSubset, parseScopes, scopeText } from './scopes.js';
import { hashSecret, mintSecret, pkceS256Matches, type RandomBytes } from './secrets.js';

/** The client's credentials as the request carried them (RFC 6749 §2.3.1). */
export interface ClientCredentials {
  /** From `Authorization: Basic`, when sent. */
  basic?: { clientId: string; clientSecret: string };
}

function invalidClient(description: string): OAuthError {
  return new OAuthError(401, 'invalid_client', description);
}

/** The registered client the request authenticates as, by its registered method. */
async function authenticateClient(
  deps: McpOAuthDeps,
  request: TokenRequest,
  credentials: ClientCredentials,
): Promise<McpClient> {
  const basic = credentials.basic;
  if (basic && request.client_id !== undefined && request.client_id !== basic.clientId) {
    throw new OAuthError(400, 'invalid_request', 'client_id: differs from the Basic credentials');
  }
  const clientId = basic?.clientId ?? request.client_id;
  if (!clientId) {
    throw invalidClient('client_id: required');
  }
  const client = await findMcpClient(deps.db, clientId);
  if (!client) {
    throw invalidClient('client_id: no client is registered under this id');
  }
  if (client.token_endpoint_auth_method === 'none') {
    return client;
  }
  const secret =
    client.token_endpoint_auth_method === 'client_secret_basic'
      ? basic?.clientSecret
      : request.client_secret;
  if (!secret || !client.client_secret_hash) {
    throw invalidClient(`client_secret: required by ${client.token_endpoint_auth_method}`);
  }
  if (!safeEqual(hashSecret(secret), client.client_secret_hash)) {
    throw invalidClient('client_secret: wrong');
  }
  return client;
}

function invalidGrant(description: string): OAuthError {
  return new OAuthError(400, 'invalid_grant', description);
}

/** The refusal of a `resource` (RFC 8707) other than the grant's, or null. */
function resourceProblem(request: TokenRequest, grant: McpGrantRow): OAuthError | null {
  return request.resource !== undefined && !sameResource(request.resource, grant.resource)
    ? new OAuthError(400, 'invalid_target', `resource: the grant is for ${grant.resource}`)
    : null;
}

/** A new access and refresh token pair for the grant (the refresh token rotates on each use). */
async function issueTokens(
  db: DbExecutor,
  grantId: string,
  scope: string,
  now: Date,
  random: RandomBytes,
): Promise<TokenResponse> {
  const access = mintSecret('pmat_', random);
  const refresh = mintSecret('pmrt_', random);
  const at = now.getTime();
  await insertMcpTokens(
    db,
    grantId,
    [
      {
        token_hash: hashSecret(access),
        kind: 'access',
        scope,
        expires_at: new Date(at + MCP_OAUTH_LIMITS.accessTokenSeconds * 1000),
      },
      {
        token_hash: hashSecret(refresh),
        kind: 'refresh',
        scope,
        expires_at: new Date(at + MCP_OAUTH_LIMITS.refreshTokenSeconds * 1000),
      },
    ],
    now,
  );
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: MCP_OAUTH_LIMITS.accessTokenSeconds,
    refresh_token: refresh,
    scope,
  };
}

/**
 * Outcome of work inside a transaction: a refusal is returned, not thrown,
 * so what it must leave behind (a burnt code, a grant revoked for replay)
 * commits before the client hears it.
 */
type Outcome = TokenResponse | OAuthError;

/** One token request being answered, for the client it authenticated as. */
interface Exchange {
  deps: McpOAuthDeps;
  request: TokenRequest;
  client: McpClient;
  random: RandomBytes;
}

/**
 * Works on a presented credential (a code, a refresh token) inside one
 * transaction at one instant; the store keeps only hashes, so `work` gets
 * the credential's.
 */
function withPresented<T>(
  deps: McpOAuthDeps,
  credential: string,
  work: (trx: Transaction<Database>, hash: string, now: Date) => Promise<T>,
): Promise<T> {
  const hash = hashSecret(credential);
  const now = deps.now();
  return withTransaction(deps.db, (trx) => work(trx, hash, now));
}

async function redeemCode({ deps, request, client, random }: Exchange): Promise<Outcome> {
  if (!request.code) {
    return new OAuthError(400, 'invalid_request', 'code: required');
  }
  if (!request.code_verifier) {
    return new OAuthError(400, 'invalid_request', 'code_verifier: required (PKCE)');
  }
  return withPresented(deps, request.code, async (trx, codeHash, now) => {
    const code = await lockMcpCode(trx, codeHash);
    if (!code || code.grant.client_id !== client.client_id) {
      return invalidGrant('code: unknown, expired, or issued to another client');
    }
    if (code.used_at !== null) {
      // RFC 6749 §4.1.2: a code used twice revokes what it issued.
      await revokeMcpGrant(trx, code.grant.id, 'authorization code replayed', now);
      return invalidGrant('code: already used; the tokens it issued are revoked');
    }
    await markMcpCodeUsed(trx, codeHash, now);
    if (code.expires_at <= now || code.grant.revoked_at !== null) {
      return invalidGrant('code: expired');
    }
    if (request.redirect_uri !== undefined && request.redirect_uri !== code.redirect_uri) {
      return invalidGrant('redirect_uri: differs from the authorization request');
    }
    if (!pkceS256Matches(request.code_verifier as string, code.code_challenge)) {
      return invalidGrant('code_verifier: does not match the code_challenge');
    }
    return (
      resourceProblem(request, code.grant) ??
      issueTokens(trx, code.grant.id, code.grant.scope, now, random)
    );
  });
}

async function refresh({ deps, request, client, random }: Exchange): Promise<Outcome> {
  if (!request.refresh_token) {
    return new OAuthError(400, 'invalid_request', 'refresh_token: required');
  }
  return withPresented(deps, request.refresh_token, async (trx, tokenHash, now) => {
    const token = await lockMcpRefreshToken(trx, tokenHash);
    if (!token || token.grant.client_id !== client.client_id || token.grant.revoked_at !== null) {
      return invalidGrant('refresh_token: unknown, revoked, or issued to another client');
    }
    if (token.used_at !== null) {
      // A rotated refresh token came back: someone holds a copy. OAuth 2.1 §4.3.1.
      await revokeMcpGrant(trx, token.grant.id, 'refresh token replayed', now);
      return invalidGrant('refresh_token: already used; the grant is revoked');
    }
    if (token.expires_at <= now) {
      return invalidGrant('refresh_token: expired');
    }
    const parsed = parseScopes(request.scope ?? token.scope);
    if ('unknown' in parsed || !isSubset(parsed.scopes, token.scope.split(' '))) {
      return new OAuthError(400, 'invalid_scope', `scope: may only narrow ${token.scope}`);
    }
    const wrongTarget = resourceProblem(request, token.grant);
    if (wrongTarget) {
      return wrongTarget;
    }
    await markMcpTokenUsed(trx, tokenHash, now);
    return issueTokens(trx, token.grant.id, scopeText(parsed.scopes), now, random);
  });
}

/**
 * The token endpoint (RFC 6749 §4.1.3 and §6, OAuth 2.1): an authorization
 * code with its PKCE verifier, or a refresh token, for a new token pair.
 * Refusals are OAuthErrors carrying the RFC's error codes.
 */
export async function exchangeMcpToken(
  deps: McpOAuthDeps,
  request: TokenRequest,
  credentials: ClientCredentials,
): Promise<TokenResponse> {
  if (request.grant_type !== 'authorization_code' && request.grant_type !== 'refresh_token') {
    throw new OAuthError(
      400,
      'unsupported_grant_type',
      'grant_type: authorization_code or refresh_token',
    );
  }
  const client = await authenticateClient(deps, request, credentials);
  const exchange = { deps, request, client, random: deps.random ?? randomBytes };
  await sweepExpiredMcpTokens(deps.db, deps.now());
  const outcome =
    request.grant_type === 'authorization_code'
      ? await redeemCode(exchange)
      : await refresh(exchange);
  if (outcome instanceof OAuthError) {
    throw outcome;
  }
  return outcome;
}

import { randomBytes } from 'node:crypto';
import {
  type AuthorizeQuery,
  MCP_DEFAULT_SCOPES,
  MCP_OAUTH_LIMITS,
  type McpScope,
} from '@podcast/contracts';
import {
  findMcpClient,
  hasLiveMcpGrant,
  insertMcpAuthorizationRequest,
  insertMcpGrantWithCode,
  type McpClient,
  replaceMcpGrant,
  takeMcpAuthorizationRequest,
  withTransaction,
} from '@podcast/db';
import { isClientIdUrl } from './client-id-url.js';
import type { McpOAuthDeps } from './deps.js';
import { documentClient } from './document-clients.js';
import { type McpEndpoints, sameResource } from './endpoints.js';
import { OAuthError } from './oauth-error.js';
import { redirectUriMatches } from './redirect-uris.js';
import { parseScopes, scopeText } from './scopes.js';
import { hashSecret, mintSecret, S256_CHALLENGE } from './secrets.js';

/** A valid authorization request, waiting for the signed-in user's decision. */
export interface PendingAuthorization {
  client: McpClient;
  redirectUri: string;
  codeChallenge: string;
  scopes: McpScope[];
  resource: string;
  state: string | undefined;
}

export type AuthorizationCheck =
  | { kind: 'consent'; pending: PendingAuthorization }
  /**
   * An error sent to the redirect URI of a client the user has connected
   * (RFC 6749 §4.1.2.1); for any other client it is shown instead.
   */
  | { kind: 'redirect'; location: string };

/** `uri` with the parameters added to its query; the issuer always rides along (RFC 9207). */
function redirectWith(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) {
      url.searchParams.append(name, value);
    }
  }
  return url.toString();
}

function unknownClient(): OAuthError {
  return new OAuthError(400, 'invalid_client', 'client_id: no client is registered under this id');
}

/**
 * The client and the redirect URI first: when either is wrong the user is
 * shown the error (a 400) and nothing is sent anywhere, since the redirect
 * target cannot be trusted. An https `client_id` is a client ID metadata
 * document, read for `userId`; any other is a registration of ours.
 */
async function clientAndRedirect(
  deps: McpOAuthDeps,
  query: AuthorizeQuery,
  userId: string,
): Promise<{ client: McpClient; redirectUri: string }> {
  if (!query.client_id) {
    throw new OAuthError(400, 'invalid_request', 'client_id: required');
  }
  const client = isClientIdUrl(query.client_id)
    ? await documentClient(deps, query.client_id, userId)
    : await findMcpClient(deps.db, query.client_id);
  if (!client) {
    throw unknownClient();
  }
  const only = client.redirect_uris.length === 1 ? client.redirect_uris[0] : undefined;
  const redirectUri = query.redirect_uri ?? only;
  if (redirectUri === undefined) {
    throw new OAuthError(
      400,
      'invalid_request',
      'redirect_uri: required (the client registered several)',
    );
  }
  if (!redirectUriMatches(client.redirect_uris, redirectUri)) {
    throw new OAuthError(400, 'invalid_request', 'redirect_uri: not registered for this client');
  }
  return { client, redirectUri };
}

/** The first problem of the request's other parameters, as [error, description]. */
function requestProblem(
  query: AuthorizeQuery,
  endpoints: McpEndpoints,
): { error: string; description: string } | { scopes: McpScope[] } {
  if (query.response_type !== 'code') {
    return {
      error: 'unsupported_response_type',
      description: 'response_type: only code is supported',
    };
  }
  if (query.code_challenge_method !== 'S256') {
    return {
      error: 'invalid_request',
      description: 'code_challenge_method: S256 is required (PKCE)',
    };
  }
  if (!query.code_challenge || !S256_CHALLENGE.test(query.code_challenge)) {
    return {
      error: 'invalid_request',
      description: 'code_challenge: required, 43 base64url characters',
    };
  }
  if (query.resource !== undefined && !sameResource(query.resource, endpoints.resource)) {
    return {
      error: 'invalid_target',
      description: `resource: this server issues tokens only for ${endpoints.resource}`,
    };
  }
  // Reading only unless the client asks for more; the user's consent bounds what it gets.
  const parsed = parseScopes(query.scope ?? MCP_DEFAULT_SCOPES.join(' '));
  if ('unknown' in parsed) {
    return {
      error: 'invalid_scope',
      description: `scope: unknown scope ${JSON.stringify(parsed.unknown)}`,
    };
  }
  if (parsed.scopes.length === 0) {
    return { error: 'invalid_scope', description: 'scope: name at least one scope' };
  }
  return { scopes: parsed.scopes };
}

/**
 * Checks `userId`'s authorization request (RFC 6749 §4.1.1 with PKCE and
 * RFC 8707 `resource`). An error goes back to the client only when the user
 * holds a live grant of it: anyone may register a redirect URI, and
 * redirecting a bad request there without the user's say would make this
 * server an open redirector to that site (RFC 9700 §4.11.2). Otherwise it is
 * thrown, for the user to see here.
 */
export async function checkAuthorizationRequest(
  deps: McpOAuthDeps,
  query: AuthorizeQuery,
  endpoints: McpEndpoints,
  userId: string,
): Promise<AuthorizationCheck> {
  const { client, redirectUri } = await clientAndRedirect(deps, query, userId);
  const problem = requestProblem(query, endpoints);
  if ('error' in problem) {
    const { error, description } = problem;
    if (!(await hasLiveMcpGrant(deps.db, userId, client.client_id))) {
      throw new OAuthError(400, error, description);
    }
    return {
      kind: 'redirect',
      location: redirectWith(redirectUri, {
        error,
        error_description: description,
        state: query.state,
        iss: endpoints.issuer,
      }),
    };
  }
  return {
    kind: 'consent',
    pending: {
      client,
      redirectUri,
      codeChallenge: query.code_challenge as string,
      scopes: problem.scopes,
      resource: endpoints.resource,
      state: query.state,
    },
  };
}

/** Stores the request for the consent form; the id it answers is what the form posts back. */
export async function openConsent(
  deps: McpOAuthDeps,
  userId: string,
  pending: PendingAuthorization,
): Promise<string> {
  const now = deps.now();
  const id = (deps.random ?? randomBytes)(24).toString('base64url');
  const stored = await insertMcpAuthorizationRequest(
    deps.db,
    {
      id,
      user_id: userId,
      client_id: pending.client.client_id,
      redirect_uri: pending.redirectUri,
      code_challenge: pending.codeChallenge,
      scope: scopeText(pending.scopes),
      resource: pending.resource,
      state: pending.state ?? null,
      expires_at: new Date(now.getTime() + MCP_OAUTH_LIMITS.consentSeconds * 1000),
    },
    now,
  );
  if (!stored) {
    throw unknownClient();
  }
  return id;
}

/**
 * The user's decision on a consent request, as the redirect back to the
 * client: a one-time code on allow, `access_denied` otherwise. A request is
 * decided once; a second post of the same form is a 400.
 */
export async function decideConsent(
  deps: McpOAuthDeps,
  userId: string,
  requestId: string,
  decision: 'allow' | 'deny',
  endpoints: McpEndpoints,
): Promise<string> {
  const now = deps.now();
  const random = deps.random ?? randomBytes;
  return withTransaction(deps.db, async (trx) => {
    const request = await takeMcpAuthorizationRequest(trx, requestId, userId, now);
    if (!request) {
      throw new OAuthError(
        400,
        'invalid_request',
        'request_id: unknown, expired or already decided; start again from the MCP client',
      );
    }
    const back = (params: Record<string, string>) =>
      redirectWith(request.redirect_uri, {
        ...params,
        state: request.state ?? undefined,
        iss: endpoints.issuer,
      });
    if (decision === 'deny') {
      return back({ error: 'access_denied', error_description: 'the user declined' });
    }
    // One live grant per user, client and resource: consenting again replaces it.
    const live = await replaceMcpGrant(
      trx,
      { userId, clientId: request.client_id, resource: request.resource },
      now,
    );
    if (live >= MCP_OAUTH_LIMITS.grantsPerUser) {
      return back({
        error: 'access_denied',
        error_description: `at most ${MCP_OAUTH_LIMITS.grantsPerUser} connected clients; revoke one first`,
      });
    }
    const code = mintSecret('pmcc_', random);
    await insertMcpGrantWithCode(
      trx,
      {
        id: `g_${random(12).toString('hex')}`,
        user_id: userId,
        client_id: request.client_id,
        scope: request.scope,
        resource: request.resource,
      },
      {
        code_hash: hashSecret(code),
        redirect_uri: request.redirect_uri,
        code_challenge: request.code_challenge,
        expires_at: new Date(now.getTime() + MCP_OAUTH_LIMITS.codeSeconds * 1000),
      },
      now,
    );
    return back({ code });
  });
}

import { MCP_DEFAULT_SCOPES, type McpScope } from '@podcast/contracts';
import { findMcpAccess } from '@podcast/db';
import type { McpOAuthDeps } from './deps.js';
import { type McpEndpoints, sameResource } from './endpoints.js';
import { scopeText } from './scopes.js';
import { hashSecret } from './secrets.js';

/** Who an MCP request acts for: the user behind the grant, with the scopes it carries. */
export interface McpPrincipal {
  kind: 'mcp';
  userId: string;
  clientId: string;
  grantId: string;
  scopes: ReadonlySet<McpScope>;
}

/**
 * Why a bearer token was refused (RFC 6750 §3): `error` is absent when no
 * token was sent at all, `invalid_token` otherwise.
 */
export class McpTokenRefused extends Error {
  constructor(
    readonly error: 'invalid_token' | undefined,
    readonly description: string,
  ) {
    super(description);
    this.name = 'McpTokenRefused';
  }
}

/**
 * The `WWW-Authenticate` challenge of a refusal, pointing at the resource
 * metadata (RFC 9728 §5.1) and naming the scopes a client asks for first
 * (reading only; the MCP spec's scope selection starts from this).
 */
export function bearerChallenge(endpoints: McpEndpoints, refused: McpTokenRefused): string {
  const parts = [
    `resource_metadata="${endpoints.resourceMetadata}"`,
    `scope="${scopeText(MCP_DEFAULT_SCOPES)}"`,
  ];
  if (refused.error) {
    parts.push(`error="${refused.error}"`, `error_description="${refused.description}"`);
  }
  return `Bearer ${parts.join(', ')}`;
}

/**
 * Checks `Authorization: Bearer <token>`: a token this server issued, not
 * expired, its grant not revoked, and bound to this resource (a token for
 * another audience is refused, RFC 8707). Read from the database on every
 * call, so a revocation takes effect on the next request.
 */
export async function verifyMcpAccessToken(
  deps: McpOAuthDeps,
  authorization: string | undefined,
  endpoints: McpEndpoints,
): Promise<McpPrincipal> {
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(authorization ?? '');
  if (!match?.[1]) {
    throw new McpTokenRefused(
      authorization ? 'invalid_token' : undefined,
      authorization
        ? 'malformed Authorization header'
        : 'send Authorization: Bearer <access token>',
    );
  }
  const access = await findMcpAccess(deps.db, hashSecret(match[1]), deps.now());
  if (!access) {
    throw new McpTokenRefused('invalid_token', 'the access token is unknown, expired or revoked');
  }
  if (!sameResource(access.resource, endpoints.resource)) {
    throw new McpTokenRefused('invalid_token', 'the access token was issued for another resource');
  }
  return {
    kind: 'mcp',
    userId: access.user_id,
    clientId: access.client_id,
    grantId: access.grant_id,
    scopes: new Set(access.scope.split(' ') as McpScope[]),
  };
}

/**
 * The 403 challenge of a call that needs scopes the token lacks (RFC 6750
 * §3.1, the MCP spec's step-up): `scope` names what the token holds plus
 * what is needed, so a client that asks for exactly that keeps what it had.
 */
export function insufficientScopeChallenge(
  endpoints: McpEndpoints,
  granted: Iterable<string>,
  needed: readonly string[],
): string {
  return [
    'Bearer error="insufficient_scope"',
    `scope="${scopeText([...granted, ...needed])}"`,
    `resource_metadata="${endpoints.resourceMetadata}"`,
    `error_description="this call needs ${needed.join(' ')}"`,
  ].join(', ');
}

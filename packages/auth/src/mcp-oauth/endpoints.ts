import {
  type AuthorizationServerMetadata,
  MCP_DEFAULT_SCOPES,
  MCP_SCOPES,
  type ProtectedResourceMetadata,
} from '@podcast/contracts';

/** Where the authorization server and the MCP resource live, from the public origin. */
export interface McpEndpoints {
  issuer: string;
  authorize: string;
  token: string;
  register: string;
  /** The MCP endpoint: the audience every access token is bound to (RFC 8707). */
  resource: string;
  /** RFC 9728 metadata of the resource, named in every 401's WWW-Authenticate. */
  resourceMetadata: string;
}

export const MCP_PATHS = {
  authorize: '/api/app/mcp/oauth/authorize',
  token: '/api/app/mcp/oauth/token',
  register: '/api/app/mcp/oauth/register',
  resource: '/api/app/mcp',
  serverMetadata: '/.well-known/oauth-authorization-server',
  resourceMetadata: '/.well-known/oauth-protected-resource',
} as const;

/** `origin` is scheme, host and port only (PUBLIC_BASE_URL, or the request's own). */
export function mcpEndpointsOf(origin: string): McpEndpoints {
  return {
    issuer: origin,
    authorize: `${origin}${MCP_PATHS.authorize}`,
    token: `${origin}${MCP_PATHS.token}`,
    register: `${origin}${MCP_PATHS.register}`,
    resource: `${origin}${MCP_PATHS.resource}`,
    resourceMetadata: `${origin}${MCP_PATHS.resourceMetadata}${MCP_PATHS.resource}`,
  };
}

export function authorizationServerMetadata(e: McpEndpoints): AuthorizationServerMetadata {
  return {
    issuer: e.issuer,
    authorization_endpoint: e.authorize,
    token_endpoint: e.token,
    registration_endpoint: e.register,
    scopes_supported: [...MCP_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
  };
}

export function protectedResourceMetadata(e: McpEndpoints): ProtectedResourceMetadata {
  return {
    resource: e.resource,
    authorization_servers: [e.issuer],
    // The MCP spec's minimal set for basic use: what a client asks for first; more by step-up.
    scopes_supported: [...MCP_DEFAULT_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Podcast corpus and library (MCP)',
  };
}

/** The same resource, written with or without a trailing slash. */
export function sameResource(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

import { authorizationServerMetadata, protectedResourceMetadata } from '@podcast/auth';
import { AuthorizationServerMetadata, ProtectedResourceMetadata } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { mcpEndpointsFor } from './mcp-endpoints.js';

const TAGS = ['mcp'];

export const getAuthorizationServerMetadata = defineRoute({
  method: 'get',
  path: '/.well-known/oauth-authorization-server',
  summary: 'OAuth authorization server metadata (RFC 8414)',
  description:
    'Open (spec 01 rule 2). Where MCP clients register, send the user to consent, and trade ' +
    'codes and refresh tokens; PKCE S256 only.',
  tags: TAGS,
  auth: 'open',
  responses: { 200: AuthorizationServerMetadata },
  handler: ({ ctx, req }) => authorizationServerMetadata(mcpEndpointsFor(ctx, req)),
});

const RESOURCE_NOTE =
  'Open. Names the MCP endpoint as the resource and this server as its authorization server; ' +
  "every 401 of the MCP endpoint points here in its WWW-Authenticate header's resource_metadata.";

/** The resource metadata route at one of the two places clients look for it. */
function resourceMetadataRoute({
  method,
  path,
  summary,
}: {
  method: 'get';
  path: string;
  summary: string;
}) {
  return defineRoute({
    method,
    path,
    summary,
    description: RESOURCE_NOTE,
    tags: TAGS,
    auth: 'open',
    responses: { 200: ProtectedResourceMetadata },
    handler: ({ ctx, req }) => protectedResourceMetadata(mcpEndpointsFor(ctx, req)),
  });
}

export const getProtectedResourceMetadata = resourceMetadataRoute({
  method: 'get',
  path: '/.well-known/oauth-protected-resource/api/app/mcp',
  summary: "The MCP endpoint's protected resource metadata (RFC 9728)",
});

export const getRootProtectedResourceMetadata = resourceMetadataRoute({
  method: 'get',
  path: '/.well-known/oauth-protected-resource',
  summary: 'Protected resource metadata at the root (RFC 9728), for clients that look there',
});

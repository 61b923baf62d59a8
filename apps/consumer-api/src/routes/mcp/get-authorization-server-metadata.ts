import { authorizationServerMetadata } from '@podcast/auth';
import { AuthorizationServerMetadata } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { mcpEndpointsFor } from './mcp-endpoints.js';

export const getAuthorizationServerMetadata = defineRoute({
  method: 'get',
  path: '/.well-known/oauth-authorization-server',
  summary: 'OAuth authorization server metadata (RFC 8414)',
  description:
    'Open (spec 01 rule 2). Where MCP clients register, send the user to consent, and trade ' +
    'codes and refresh tokens; PKCE S256 only.',
  tags: ['mcp'],
  auth: 'open',
  responses: { 200: AuthorizationServerMetadata },
  handler: ({ ctx, req }) => authorizationServerMetadata(mcpEndpointsFor(ctx, req)),
});

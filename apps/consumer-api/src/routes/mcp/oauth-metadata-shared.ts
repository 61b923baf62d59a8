import { protectedResourceMetadata } from '@podcast/auth';
import { ProtectedResourceMetadata } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { mcpEndpointsFor } from './mcp-endpoints.js';

const TAGS = ['mcp'];

const RESOURCE_NOTE =
  'Open. Names the MCP endpoint as the resource and this server as its authorization server; ' +
  "every 401 of the MCP endpoint points here in its WWW-Authenticate header's resource_metadata.";

/** The resource metadata route at one of the two places clients look for it. */
export function resourceMetadataRoute({
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

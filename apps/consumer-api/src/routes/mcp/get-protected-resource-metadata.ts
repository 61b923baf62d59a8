import { resourceMetadataRoute } from './oauth-metadata-shared.js';

export const getProtectedResourceMetadata = resourceMetadataRoute({
  method: 'get',
  path: '/.well-known/oauth-protected-resource/api/app/mcp',
  summary: "The MCP endpoint's protected resource metadata (RFC 9728)",
});

import { resourceMetadataRoute } from './oauth-metadata-shared.js';

export const getRootProtectedResourceMetadata = resourceMetadataRoute({
  method: 'get',
  path: '/.well-known/oauth-protected-resource',
  summary: 'Protected resource metadata at the root (RFC 9728), for clients that look there',
});

import { bearerTokenAuth, createApp, mountedRoutes } from '@podcast/http-kit';
import { createSearchService, type SearchService } from '@podcast/search';
import type { Express } from 'express';
import type { ViewerCtx } from './context.js';
import { capabilityFlags } from './routes/capabilities.js';
import { viewerRouteGroups } from './routes/index.js';

/** `search` may be left out (tests of other areas): one is then built from the config. */
export type ViewerDeps = Omit<ViewerCtx, 'capabilities' | 'search'> & { search?: SearchService };

/** The viewer API over its dependencies; tests and main.ts both build it here. */
export function buildViewerApp(deps: ViewerDeps): Express {
  const routes = mountedRoutes(viewerRouteGroups, deps.config);
  const search =
    deps.search ?? createSearchService({ embedding: deps.config.embedding, now: deps.now });
  const ctx: ViewerCtx = { ...deps, search, capabilities: capabilityFlags(routes) };
  return createApp({
    routes,
    ctx,
    logger: deps.logger,
    authenticators: { operator: bearerTokenAuth(deps.config.operatorToken, 'OPERATOR_TOKEN') },
    info: {
      title: 'Podcast viewer API',
      version: '0.1.0',
      description: 'Operator and power-user surface over a processed podcast corpus.',
    },
  });
}

import { bearerTokenAuth, createApp } from '@podcast/http-kit';
import type { Express } from 'express';
import type { ViewerCtx } from './context.js';
import { capabilityFlags } from './routes/capabilities.js';
import { viewerRoutes } from './routes/index.js';

export type ViewerDeps = Omit<ViewerCtx, 'capabilities'>;

/** The viewer API over its dependencies; tests and main.ts both build it here. */
export function buildViewerApp(deps: ViewerDeps): Express {
  const routes = viewerRoutes;
  const ctx: ViewerCtx = { ...deps, capabilities: capabilityFlags(routes) };
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

import { requirePrincipal } from '@podcast/auth';
import { createApp, internalTokenAuth, mountedRoutes } from '@podcast/http-kit';
import type { Express } from 'express';
import type { ConsumerCtx } from './context.js';
import { consumerRouteGroups } from './routes/index.js';

/** The consumer API over its dependencies; tests and main.ts both build it here. */
export function buildConsumerApp(ctx: ConsumerCtx): Express {
  return createApp({
    routes: mountedRoutes(consumerRouteGroups, ctx.config),
    ctx,
    logger: ctx.logger,
    authenticators: {
      session: (req) => requirePrincipal(ctx.auth, req.get('cookie')),
      internal: internalTokenAuth(ctx.config.internalOutboxToken, 'INTERNAL_OUTBOX_TOKEN'),
    },
    info: {
      title: 'Podcast consumer API',
      version: '0.1.0',
      description:
        'Backend of the podcast app: catalog, insights, transcripts, library and playback.',
    },
  });
}

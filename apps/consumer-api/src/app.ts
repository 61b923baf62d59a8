import { createApp } from '@podcast/http-kit';
import type { Express } from 'express';
import { createSessionAuthenticator } from './auth/session-auth.js';
import type { ConsumerCtx } from './context.js';
import { consumerRoutes } from './routes/index.js';
import { opmlBodyParser } from './routes/library/opml-body-parser.js';

/** The consumer API over its dependencies; tests and main.ts both build it here. */
export function buildConsumerApp(ctx: ConsumerCtx): Express {
  return createApp({
    routes: consumerRoutes,
    ctx,
    logger: ctx.logger,
    authenticators: { session: createSessionAuthenticator(ctx) },
    before: [opmlBodyParser],
    info: {
      title: 'Podcast consumer API',
      version: '0.1.0',
      description:
        'Backend of the podcast app: catalog, insights, transcripts, library and playback.',
    },
  });
}

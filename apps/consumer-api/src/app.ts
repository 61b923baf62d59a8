import {
  bearerChallenge,
  McpTokenRefused,
  requirePrincipal,
  verifyMcpAccessToken,
} from '@podcast/auth';
import { createApp, HttpError, internalTokenAuth, mountedRoutes } from '@podcast/http-kit';
import type { Express, Request } from 'express';
import type { ConsumerCtx } from './context.js';
import { consumerRouteGroups } from './routes/index.js';
import { mcpEndpointsFor, mcpOAuthDeps } from './routes/mcp/mcp-endpoints.js';

/** The MCP endpoint's bearer check: a refusal is a 401 whose challenge names the resource metadata. */
function mcpTokenAuth(ctx: ConsumerCtx) {
  return async (req: Request) => {
    const endpoints = mcpEndpointsFor(ctx, req);
    try {
      return await verifyMcpAccessToken(mcpOAuthDeps(ctx), req.get('authorization'), endpoints);
    } catch (err) {
      if (err instanceof McpTokenRefused) {
        throw new HttpError(
          401,
          err.description,
          {},
          {
            'WWW-Authenticate': bearerChallenge(endpoints, err),
          },
        );
      }
      throw err;
    }
  };
}

/** The consumer API over its dependencies; tests and main.ts both build it here. */
export function buildConsumerApp(ctx: ConsumerCtx): Express {
  return createApp({
    routes: mountedRoutes(consumerRouteGroups, ctx.config),
    ctx,
    logger: ctx.logger,
    authenticators: {
      session: (req) => requirePrincipal(ctx.auth, req.get('cookie')),
      internal: internalTokenAuth(ctx.config.internalOutboxToken, 'INTERNAL_OUTBOX_TOKEN'),
      token: mcpTokenAuth(ctx),
    },
    info: {
      title: 'Podcast consumer API',
      version: '0.1.0',
      description:
        'Backend of the podcast app: catalog, insights, transcripts, library and playback.',
    },
  });
}

import {
  authenticateSync,
  bearerChallenge,
  McpTokenRefused,
  requirePrincipal,
  SYNC_SESSION_COOKIE,
  SYNC_SESSION_TTL_MS,
  SyncAuthRefused,
  sessionCookieForBasic,
  syncCookieOptions,
  verifyMcpAccessToken,
} from '@podcast/auth';
import { DomainError, RETURN_PATH } from '@podcast/contracts';
import {
  Authenticated,
  createApp,
  HttpError,
  internalTokenAuth,
  mountedRoutes,
} from '@podcast/http-kit';
import type { Express, Request } from 'express';
import { type ConsumerCtx, syncAuthOf } from './context.js';
import { consumerRouteGroups } from './routes/index.js';
import { CROSS_ORIGIN_ROUTES, crossOriginAccess } from './routes/mcp/cors.js';
import { mcpEndpointsFor, mcpOAuthDeps } from './routes/mcp/mcp-endpoints.js';

/**
 * The session check. A browser GET refused for want of a session learns
 * where to sign in and come back: `login_url` carries the page as return_to
 * (the MCP consent page relies on it).
 */
function sessionAuth(ctx: ConsumerCtx) {
  return async (req: Request) => {
    try {
      return await requirePrincipal(ctx.auth, req.get('cookie'));
    } catch (err) {
      const isBrowserPage = req.method === 'GET' && RETURN_PATH.test(req.originalUrl);
      if (err instanceof DomainError && err.kind === 'unauthorized' && isBrowserPage) {
        const login = `/api/app/auth/login?return_to=${encodeURIComponent(req.originalUrl)}`;
        throw new HttpError(401, err.message, { login_url: login });
      }
      throw err;
    }
  };
}

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

/** The challenge podcast apps answer with their user name and app password (RFC 7617). */
export const SYNC_CHALLENGE = 'Basic realm="podcast sync", charset="UTF-8"';

/**
 * The gPodder API's check: an app password over HTTP Basic, or the
 * `sessionid` cookie of a sync login, for the user the path names. A 401
 * carries the Basic challenge: podcast apps (and Python's urllib) send
 * their credentials only once challenged.
 */
function syncAuth(ctx: ConsumerCtx) {
  return async (req: Request) => {
    try {
      const deps = syncAuthOf(ctx);
      const principal = await authenticateSync(
        deps,
        { authorization: req.get('authorization'), cookie: req.get('cookie') },
        typeof req.params.username === 'string' ? req.params.username : undefined,
      );
      const token = await sessionCookieForBasic(deps, principal);
      if (token === undefined) {
        return principal;
      }
      return new Authenticated(principal, [
        {
          name: SYNC_SESSION_COOKIE,
          value: token,
          options: { ...syncCookieOptions(req.secure), maxAge: SYNC_SESSION_TTL_MS },
        },
      ]);
    } catch (err) {
      if (err instanceof SyncAuthRefused) {
        const challenge: Record<string, string> =
          err.status === 401 ? { 'WWW-Authenticate': SYNC_CHALLENGE } : {};
        throw new HttpError(err.status, err.detail, {}, challenge);
      }
      throw err;
    }
  };
}

/** The consumer API over its dependencies; tests and main.ts both build it here. */
export function buildConsumerApp(ctx: ConsumerCtx): Express {
  const routes = mountedRoutes(consumerRouteGroups, ctx.config);
  return createApp({
    routes,
    ctx,
    before: [crossOriginAccess(routes.filter((route) => CROSS_ORIGIN_ROUTES.includes(route)))],
    logger: ctx.logger,
    authenticators: {
      session: sessionAuth(ctx),
      internal: internalTokenAuth(ctx.config.internalOutboxToken, 'INTERNAL_OUTBOX_TOKEN'),
      token: mcpTokenAuth(ctx),
      sync: syncAuth(ctx),
    },
    ...(ctx.hotAnswers ? { hotAnswers: ctx.hotAnswers } : {}),
    info: {
      title: 'Podcast consumer API',
      version: '0.1.0',
      description:
        'Backend of the podcast app: catalog, insights, transcripts, library and playback.',
    },
  });
}

import {
  authenticateFeed,
  authenticateSync,
  bearerChallenge,
  FeedAuthRefused,
  type FeedPrincipal,
  isSyncCookieSecure,
  type McpPrincipal,
  McpTokenRefused,
  requirePrincipal,
  SYNC_SESSION_COOKIE,
  SYNC_SESSION_TTL_MS,
  SyncAuthRefused,
  type SyncPrincipal,
  sessionCookieForBasic,
  syncCookieOptions,
  verifyMcpAccessToken,
} from '@podcast/auth';
import { DomainError, RETURN_PATH } from '@podcast/contracts';
import { databaseOutageRetryAfter } from '@podcast/db';
import {
  Authenticated,
  type Authenticator,
  createApp,
  HttpError,
  internalTokenAuth,
  mountedRoutes,
} from '@podcast/http-kit';
import { createOpenRouteLimiter } from '@podcast/runtime';
import type { Express, Request } from 'express';
import { type ConsumerCtx, feedAuthOf, syncAuthOf } from './context.js';
import { consumerRouteGroups } from './routes/index.js';
import { isAllowedMcpOrigin } from './routes/mcp/allowed-origins.js';
import { CROSS_ORIGIN_ROUTES, crossOriginAccess } from './routes/mcp/cors.js';
import { mcpEndpointsFor, mcpOAuthDeps } from './routes/mcp/mcp-endpoints.js';
import { gpodderLogin } from './routes/sync/gpodder-login.js';

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
 * `sessionid` cookie of a sync sign-in, for the user the path names. A 401
 * carries the Basic challenge: podcast apps (and Python's urllib) send
 * their credentials only once challenged. Failed sign-ins are counted per
 * source address as express sees it (TRUST_PROXY decides whether a
 * forwarded address counts).
 */
function syncAuth(ctx: ConsumerCtx): Authenticator<SyncPrincipal> {
  const isSecure = isSyncCookieSecure(ctx.config);
  return async (req, route) => {
    try {
      const deps = syncAuthOf(ctx);
      const principal = await authenticateSync(
        deps,
        {
          authorization: req.get('authorization'),
          cookie: req.get('cookie'),
          address: req.ip ?? req.socket.remoteAddress ?? '',
        },
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
          options: { ...syncCookieOptions(isSecure), maxAge: SYNC_SESSION_TTL_MS },
        },
      ]);
    } catch (err) {
      if (!(err instanceof SyncAuthRefused)) {
        throw err;
      }
      // The protocol answers a session cookie of another user on login with 400.
      if (err.isOtherUsersCookie && route.path === gpodderLogin.path) {
        throw new HttpError(400, err.detail);
      }
      throw new HttpError(401, err.detail, {}, { 'WWW-Authenticate': SYNC_CHALLENGE });
    }
  };
}

/** How the Open Podcast API asks for a credential: either an app password or a `sync` token. */
const OPA_CHALLENGES = `${SYNC_CHALLENGE}, Bearer realm="podcast sync", scope="sync"`;

/** An app password over Basic, checked as the gPodder API checks it (its throttle), no cookie. */
async function opaBasic(ctx: ConsumerCtx, req: Request): Promise<SyncPrincipal> {
  try {
    return await authenticateSync(
      syncAuthOf(ctx),
      {
        authorization: req.get('authorization'),
        cookie: undefined,
        address: req.ip ?? req.socket.remoteAddress ?? '',
      },
      undefined,
    );
  } catch (err) {
    if (err instanceof SyncAuthRefused) {
      throw new HttpError(401, err.detail, {}, { 'WWW-Authenticate': OPA_CHALLENGES });
    }
    throw err;
  }
}

/** An access token of this server's OAuth flow; one without `sync` is a 403 naming it (RFC 6750 §3.1). */
async function opaBearer(ctx: ConsumerCtx, req: Request): Promise<McpPrincipal> {
  let principal: McpPrincipal;
  try {
    const endpoints = mcpEndpointsFor(ctx, req);
    principal = await verifyMcpAccessToken(mcpOAuthDeps(ctx), req.get('authorization'), endpoints);
  } catch (err) {
    if (err instanceof McpTokenRefused) {
      const challenge = `Bearer realm="podcast sync", scope="sync", error="invalid_token", error_description="${err.description}"`;
      throw new HttpError(401, err.description, {}, { 'WWW-Authenticate': challenge });
    }
    throw err;
  }
  if (!principal.scopes.has('sync')) {
    throw new HttpError(
      403,
      'this access token does not carry the sync scope; ask for scope=sync',
      {},
      { 'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="sync"' },
    );
  }
  return principal;
}

/**
 * The Open Podcast API's check: an app password over HTTP Basic, or an
 * access token of this server's OAuth flow that carries the `sync` scope.
 */
function syncOrTokenAuth(ctx: ConsumerCtx): Authenticator<SyncPrincipal | McpPrincipal> {
  return (req) =>
    /^Bearer\s/i.test(req.get('authorization') ?? '') ? opaBearer(ctx, req) : opaBasic(ctx, req);
}

/** The challenge of the overlay feeds: podcast apps send a feed's user name and password once asked. */
export const FEED_CHALLENGE = 'Basic realm="podcast feeds", charset="UTF-8"';

/**
 * The overlay feeds' check (@podcast/auth authenticateFeed): a feed token
 * in `?token=`, an app password over Basic, or the session. A refusal is a
 * 401 with a Basic challenge, which is what makes an app ask its user for
 * the feed's user name and password.
 */
function feedAuth(ctx: ConsumerCtx): Authenticator<FeedPrincipal> {
  return async (req) => {
    try {
      return await authenticateFeed(feedAuthOf(ctx), {
        token: req.query.token,
        authorization: req.get('authorization'),
        cookie: req.get('cookie'),
        address: req.ip ?? req.socket.remoteAddress ?? '',
      });
    } catch (err) {
      if (err instanceof FeedAuthRefused) {
        throw new HttpError(401, err.detail, {}, { 'WWW-Authenticate': FEED_CHALLENGE });
      }
      throw err;
    }
  };
}

/** The consumer API over its dependencies; tests and main.ts both build it here. */
export function buildConsumerApp(ctx: ConsumerCtx): Express {
  const routes = mountedRoutes(consumerRouteGroups, ctx.config);
  const app = createApp({
    routes,
    ctx,
    openRouteLimiter: createOpenRouteLimiter(ctx.config.openRouteLimitPerMinute),
    retryAfterOutage: databaseOutageRetryAfter,
    before: [
      crossOriginAccess(
        routes.filter((route) => CROSS_ORIGIN_ROUTES.includes(route)),
        (req) => isAllowedMcpOrigin(ctx, req),
      ),
    ],
    logger: ctx.logger,
    authenticators: {
      session: sessionAuth(ctx),
      internal: internalTokenAuth(ctx.config.internalOutboxToken, 'INTERNAL_OUTBOX_TOKEN'),
      token: mcpTokenAuth(ctx),
      sync: syncAuth(ctx),
      'sync-or-token': syncOrTokenAuth(ctx),
      feed: feedAuth(ctx),
    },
    ...(ctx.hotAnswers ? { hotAnswers: ctx.hotAnswers } : {}),
    info: {
      title: 'Podcast consumer API',
      version: '0.1.0',
      description:
        'Backend of the podcast app: catalog, insights, transcripts, library and playback.',
    },
  });
  // Only where configured: believing every X-Forwarded-For would let any
  // client pick the address its failed sign-ins are counted under.
  if (ctx.config.trustProxy !== false) {
    app.set('trust proxy', ctx.config.trustProxy);
  }
  return app;
}

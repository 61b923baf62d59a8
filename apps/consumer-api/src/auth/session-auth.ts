import { findActiveSession, type User } from '@podcast/db';
import { type Authenticator, HttpError } from '@podcast/http-kit';
import type { Request } from 'express';
import type { ConsumerCtx } from '../context.js';
import { authRuntimeOf } from './auth-runtime.js';
import { parseCookieHeader } from './cookie-header.js';
import { SESSION_COOKIE, sessionIdFromCookie } from './session-cookie.js';

/** Who a session route acts for. `sessionId` is null for the development user. */
export interface SessionPrincipal {
  kind: 'user';
  user: User;
  sessionId: string | null;
}

/** The stored session a genuine, unexpired, unrevoked cookie points at. */
export async function findCookieSession(
  ctx: ConsumerCtx,
  req: Request,
): Promise<SessionPrincipal | undefined> {
  const secret = ctx.config.session.secret;
  const cookie = parseCookieHeader(req.get('cookie')).get(SESSION_COOKIE);
  if (!secret || cookie === undefined) {
    return undefined;
  }
  const sessionId = sessionIdFromCookie(secret, cookie);
  if (sessionId === undefined) {
    return undefined;
  }
  const now = ctx.now();
  let active = ctx.sessions.get(sessionId, now);
  if (active === undefined) {
    const stamp = ctx.sessions.stamp();
    active = await findActiveSession(ctx.db, sessionId, now);
    if (active !== undefined) {
      ctx.sessions.set(sessionId, active, now, stamp);
    }
  }
  return active && { kind: 'user', user: active.user, sessionId };
}

/**
 * Spec 01 rules 1-3: a valid session cookie always wins; without one,
 * development acts as the local user and production has nobody.
 */
export async function findPrincipal(
  ctx: ConsumerCtx,
  req: Request,
): Promise<SessionPrincipal | undefined> {
  const fromCookie = await findCookieSession(ctx, req);
  if (fromCookie !== undefined || ctx.config.appEnv === 'production') {
    return fromCookie;
  }
  return { kind: 'user', user: await authRuntimeOf(ctx).localUser(), sessionId: null };
}

/** The kit's `session` authenticator: the principal, or a 401 problem. */
export function createSessionAuthenticator(ctx: ConsumerCtx): Authenticator {
  return async (req) => {
    const principal = await findPrincipal(ctx, req);
    if (principal === undefined) {
      throw new HttpError(
        401,
        'sign in first: this route needs a session (GET /api/app/auth/login)',
      );
    }
    return principal;
  };
}

/** The user of a session route's principal. */
export function userOf(principal: unknown): User {
  const candidate = principal as SessionPrincipal | undefined;
  if (candidate?.kind !== 'user') {
    // Only reachable when a route declared auth 'session' but ran without it.
    throw new Error('route expected a session principal');
  }
  return candidate.user;
}

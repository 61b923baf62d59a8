import { DomainError } from '@podcast/contracts';
import { findActiveSession, revokeSession, type User } from '@podcast/db';
import type { AuthRuntime } from './auth-runtime.js';
import { parseCookieHeader } from './cookie-header.js';
import { SESSION_COOKIE, sessionIdFromCookie } from './session-cookie.js';

/** Who a session route acts for. `sessionId` is null for the development user. */
export interface SessionPrincipal {
  kind: 'user';
  user: User;
  sessionId: string | null;
}

/**
 * The stored session a genuine, unexpired, unrevoked cookie points at.
 * `cookieHeader` is the request's `Cookie` header as sent.
 */
export async function findCookieSession(
  auth: AuthRuntime,
  cookieHeader: string | undefined,
): Promise<SessionPrincipal | undefined> {
  const secret = auth.sessionSecret;
  const cookie = parseCookieHeader(cookieHeader).get(SESSION_COOKIE);
  if (!secret || cookie === undefined) {
    return undefined;
  }
  const sessionId = sessionIdFromCookie(secret, cookie);
  if (sessionId === undefined) {
    return undefined;
  }
  const now = auth.deps.now();
  let active = auth.sessions.get(sessionId, now);
  if (active === undefined) {
    const stamp = auth.sessions.stamp();
    active = await findActiveSession(auth.deps.db, sessionId, now);
    if (active !== undefined) {
      auth.sessions.set(sessionId, active, now, stamp);
    }
  }
  return active && { kind: 'user', user: active.user, sessionId };
}

/**
 * Spec 01 rules 1-3: a valid session cookie always wins; without one,
 * development acts as the local user and production has nobody.
 */
export async function findPrincipal(
  auth: AuthRuntime,
  cookieHeader: string | undefined,
): Promise<SessionPrincipal | undefined> {
  const fromCookie = await findCookieSession(auth, cookieHeader);
  if (fromCookie !== undefined || auth.appEnv === 'production') {
    return fromCookie;
  }
  return { kind: 'user', user: await auth.localUser(), sessionId: null };
}

/** The principal of a session route, or the 401 telling the caller to sign in. */
export async function requirePrincipal(
  auth: AuthRuntime,
  cookieHeader: string | undefined,
): Promise<SessionPrincipal> {
  const principal = await findPrincipal(auth, cookieHeader);
  if (principal === undefined) {
    throw new DomainError(
      'unauthorized',
      'sign in first: this route needs a session (GET /api/app/auth/login)',
    );
  }
  return principal;
}

/**
 * Revokes the session the cookie names, if any. Other instances evict it on
 * the NOTIFY; this one does not wait for it.
 */
export async function signOut(auth: AuthRuntime, cookieHeader: string | undefined): Promise<void> {
  const current = await findCookieSession(auth, cookieHeader);
  if (current?.sessionId) {
    await revokeSession(auth.deps.db, current.sessionId, auth.deps.now());
    auth.sessions.evict(current.sessionId);
  }
}

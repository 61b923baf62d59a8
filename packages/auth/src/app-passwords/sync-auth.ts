import { randomBytes } from 'node:crypto';
import {
  createSyncSession,
  type DbExecutor,
  deleteSyncSession,
  findSyncLogin,
  findSyncSession,
  touchAppPassword,
} from '@podcast/db';
import { parseCookieHeader } from '../cookie-header.js';
import { hashSecret } from '../mcp-oauth/secrets.js';
import { selectorOf } from './mint.js';
import { verifyAppPassword } from './password-hash.js';
import type { VerifiedCredentials } from './verified-credentials.js';

/** The cookie the gPodder login sets (the protocol names it). */
export const SYNC_SESSION_COOKIE = 'sessionid';
/** How long a protocol session lives: apps log in again when it lapses. */
export const SYNC_SESSION_TTL_MS = 30 * 24 * 3600_000;

/** The `sessionid` cookie's attributes (set, and cleared, with the same ones). */
export function syncCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure };
}

export interface SyncAuthDeps {
  db: DbExecutor;
  now: () => Date;
  verified: VerifiedCredentials;
  random?: (size: number) => Buffer;
}

/** Who a sync route acts for: never a principal of the rest of /api/app. */
export interface SyncPrincipal {
  kind: 'sync';
  userId: string;
  username: string;
  appPasswordId: string;
  /** How the request proved it: a Basic header, or the protocol's session cookie. */
  via: 'basic' | 'cookie';
  /** The cookie's hash, when the request came with one (logout ends it). */
  sessionHash?: string;
  /** A Basic sign-in whose password opened a session within the last minute. */
  hasRecentSession?: boolean;
}

/** A refused sync credential: answered 401 with a Basic challenge (or 400, see below). */
export class SyncAuthRefused extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'SyncAuthRefused';
  }
}

/** `Authorization: Basic base64(user:password)`, RFC 7617; undefined when absent or malformed. */
export function parseBasicAuth(
  header: string | undefined,
): { username: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (match?.[1] === undefined) {
    return undefined;
  }
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) {
    return undefined;
  }
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

async function checkPassword(
  deps: SyncAuthDeps,
  username: string,
  password: string,
): Promise<SyncPrincipal | undefined> {
  const login = await findSyncLogin(deps.db, username);
  if (login === undefined || password.length === 0 || password.length > 200) {
    return undefined;
  }
  const now = deps.now();
  const remembered = deps.verified.get(username, password, now);
  const minuteAgo = now.getTime() - 60_000;
  let matched = login.passwords.find((p) => p.id === remembered);
  if (matched === undefined) {
    // Only the password the selector names pays scrypt: a guess costs nothing.
    const selector = selectorOf(password);
    const named = login.passwords.filter((p) => p.selector === null || p.selector === selector);
    for (const candidate of named) {
      if (await verifyAppPassword(password, candidate.hash)) {
        matched = candidate;
        deps.verified.set(username, password, candidate.id, now);
        break;
      }
    }
  }
  if (matched === undefined) {
    return undefined;
  }
  if (matched.lastUsedAt === null || matched.lastUsedAt.getTime() < minuteAgo) {
    await touchAppPassword(deps.db, matched.id, now);
  }
  return {
    kind: 'sync',
    userId: login.userId,
    username: login.username,
    appPasswordId: matched.id,
    via: 'basic',
    hasRecentSession:
      matched.lastSessionAt !== null && matched.lastSessionAt.getTime() >= minuteAgo,
  };
}

/**
 * Resolves a sync request's credential: an HTTP Basic app password, else
 * the `sessionid` cookie of an earlier login. A credential for another
 * user than the path names is refused like a wrong one.
 */
export async function authenticateSync(
  deps: SyncAuthDeps,
  request: { authorization: string | undefined; cookie: string | undefined },
  pathUsername: string | undefined,
): Promise<SyncPrincipal> {
  const basic = parseBasicAuth(request.authorization);
  const cookie = parseCookieHeader(request.cookie).get(SYNC_SESSION_COOKIE);
  let principal: SyncPrincipal | undefined;
  if (basic !== undefined) {
    principal = await checkPassword(deps, basic.username, basic.password);
    if (principal === undefined) {
      throw new SyncAuthRefused(401, 'user name or app password refused');
    }
  } else if (cookie !== undefined && cookie.length <= 200) {
    const sessionHash = hashSecret(cookie);
    const session = await findSyncSession(deps.db, sessionHash, deps.now());
    principal = session && { kind: 'sync', ...session, via: 'cookie', sessionHash };
  }
  if (principal === undefined) {
    throw new SyncAuthRefused(
      401,
      'sign in with HTTP Basic: your sync user name and an app password',
    );
  }
  if (pathUsername !== undefined && pathUsername !== principal.username) {
    // The protocol answers a session cookie of another user with 400.
    throw new SyncAuthRefused(
      principal.via === 'cookie' ? 400 : 401,
      `these credentials are not those of ${pathUsername}`,
    );
  }
  return principal;
}

/** Starts a protocol session for a Basic login; answers the cookie value to set. */
export async function startSyncSession(
  deps: SyncAuthDeps,
  principal: SyncPrincipal,
): Promise<string> {
  const token = (deps.random ?? randomBytes)(32).toString('base64url');
  const now = deps.now();
  await createSyncSession(deps.db, {
    tokenHash: hashSecret(token),
    userId: principal.userId,
    appPasswordId: principal.appPasswordId,
    now,
    expiresAt: new Date(now.getTime() + SYNC_SESSION_TTL_MS),
  });
  return token;
}

export async function endSyncSession(deps: SyncAuthDeps, sessionHash: string): Promise<void> {
  await deleteSyncSession(deps.db, sessionHash);
}

/**
 * The session cookie to hand a client that signed in with Basic, as
 * gpodder.net does: clients that keep cookies (Python's mygpoclient gives
 * up after three Basic challenges) then ride on it. At most one new
 * session a minute per app password, so a client that never keeps cookies
 * does not make one per request.
 */
export async function sessionCookieForBasic(
  deps: SyncAuthDeps,
  principal: SyncPrincipal,
): Promise<string | undefined> {
  if (principal.via !== 'basic' || principal.hasRecentSession === true) {
    return undefined;
  }
  return startSyncSession(deps, principal);
}

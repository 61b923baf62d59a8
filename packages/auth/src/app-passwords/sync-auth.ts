import {
  type DbExecutor,
  findSyncLogin,
  findSyncSession,
  type SyncLogin,
  type SyncSessionStamp,
  touchAppPassword,
} from '@podcast/db';
import { sourceAddressKey } from '@podcast/runtime';
import { parseCookieHeader } from '../cookie-header.js';
import { hashSecret } from '../mcp-oauth/secrets.js';
import type { HashGate } from './hash-gate.js';
import { selectorOf } from './mint.js';
import { unmatchableHash, verifyAppPassword } from './password-hash.js';
import { SYNC_SESSION_COOKIE, syncSessionFor } from './sync-sessions.js';
import type { MatchedCredential, SyncSignIn } from './sync-sign-in.js';
import { credentialKeyOf } from './verified-credentials.js';

export interface SyncAuthDeps {
  db: DbExecutor;
  now: () => Date;
  signIn: SyncSignIn;
}

/** Who a sync route acts for: never a principal of the rest of /api/app. */
export interface SyncPrincipal {
  kind: 'sync';
  userId: string;
  username: string;
  appPasswordId: string;
  /** How the request proved it: a Basic header, or the protocol's session cookie. */
  via: 'basic' | 'cookie';
  /** The hash of the live session cookie the request came with, if any (logout ends it). */
  sessionHash?: string;
  /** A Basic sign-in: its password's live sessions, newest first. */
  sessions?: SyncSessionStamp[];
}

/** A refused sync credential: answered 401 with a Basic challenge. */
export class SyncAuthRefused extends Error {
  constructor(
    readonly detail: string,
    /** A live session cookie, but another user's than the path names (login answers 400). */
    readonly isOtherUsersCookie = false,
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

type StoredPassword = MatchedCredential['matched'];

/**
 * The password `password` is, among those its selector names and those
 * made before selectors. A sign-in that names none checks the unmatchable
 * hash instead, so every refusal costs the same scrypt work whether the
 * user name, the selector or the secret was wrong.
 */
async function matchPassword(
  hashing: HashGate,
  login: SyncLogin | undefined,
  password: string,
): Promise<StoredPassword | undefined> {
  const stored = login?.passwords ?? [];
  const named = stored.filter((p) => p.selector === selectorOf(password));
  const unselected = stored.filter((p) => p.selector === null);
  for (const candidate of [...(named.length > 0 ? named : [undefined]), ...unselected]) {
    const hash = candidate?.hash ?? unmatchableHash(hashing.cost);
    if ((await hashing.run(() => verifyAppPassword(password, hash))) && candidate !== undefined) {
      return candidate;
    }
  }
  return undefined;
}

async function signedIn(
  deps: SyncAuthDeps,
  login: SyncLogin,
  matched: StoredPassword,
  cookieHash: string | undefined,
): Promise<SyncPrincipal> {
  const now = deps.now();
  if (matched.lastUsedAt === null || matched.lastUsedAt.getTime() < now.getTime() - 60_000) {
    await touchAppPassword(deps.db, matched.id, now);
  }
  const isOwnSession = matched.sessions.some((s) => s.tokenHash === cookieHash);
  return {
    kind: 'sync',
    userId: login.userId,
    username: login.username,
    appPasswordId: matched.id,
    via: 'basic',
    ...(isOwnSession ? { sessionHash: cookieHash } : {}),
    sessions: matched.sessions,
  };
}

/**
 * The throttled check of a credential no request verified lately: admitted
 * (or refused with a 429) before the database or any hash is touched, and
 * settled as a failure or not however it ends.
 */
async function verifyCredential(
  deps: SyncAuthDeps,
  basic: { username: string; password: string },
  address: string,
): Promise<MatchedCredential | undefined> {
  const { username, password } = basic;
  const attempt = deps.signIn.throttle.admit(username, sourceAddressKey(address));
  let outcome: 'passed' | 'failed' | 'abandoned' = 'abandoned';
  try {
    const login =
      password.length === 0 || password.length > 200
        ? undefined
        : await findSyncLogin(deps.db, username, deps.now());
    const matched = await matchPassword(deps.signIn.hashing, login, password);
    outcome = login !== undefined && matched !== undefined ? 'passed' : 'failed';
    if (login === undefined || matched === undefined) {
      return undefined;
    }
    deps.signIn.verified.set(username, password, matched.id, deps.now());
    return { login, matched };
  } finally {
    attempt.settle(outcome);
  }
}

/**
 * A Basic credential: one remembered from an earlier sign-in passes on a
 * SHA-256 lookup; requests with the same credential in flight share one
 * check (verifyCredential).
 */
async function checkPassword(
  deps: SyncAuthDeps,
  basic: { username: string; password: string },
  address: string,
  cookieHash: string | undefined,
): Promise<SyncPrincipal | undefined> {
  const { username, password } = basic;
  const { verified, checking } = deps.signIn;
  const remembered = verified.get(username, password, deps.now());
  if (remembered !== undefined) {
    const login = await findSyncLogin(deps.db, username, deps.now());
    const matched = login?.passwords.find((p) => p.id === remembered);
    if (login !== undefined && matched !== undefined) {
      return signedIn(deps, login, matched, cookieHash);
    }
  }
  const key = credentialKeyOf(username, password);
  let check = checking.get(key);
  if (check === undefined) {
    check = verifyCredential(deps, basic, address).finally(() => checking.delete(key));
    checking.set(key, check);
  }
  const found = await check;
  return found && signedIn(deps, found.login, found.matched, cookieHash);
}

/**
 * Resolves a sync request's credential: an HTTP Basic app password, else
 * the `sessionid` cookie of an earlier sign-in. A credential for another
 * user than the path names is refused like a wrong one.
 */
export async function authenticateSync(
  deps: SyncAuthDeps,
  request: { authorization: string | undefined; cookie: string | undefined; address: string },
  pathUsername: string | undefined,
): Promise<SyncPrincipal> {
  const basic = parseBasicAuth(request.authorization);
  const cookie = parseCookieHeader(request.cookie).get(SYNC_SESSION_COOKIE);
  const cookieHash = cookie !== undefined && cookie.length <= 200 ? hashSecret(cookie) : undefined;
  let principal: SyncPrincipal | undefined;
  if (basic !== undefined) {
    principal = await checkPassword(deps, basic, request.address, cookieHash);
    if (principal === undefined) {
      throw new SyncAuthRefused('user name or app password refused');
    }
  } else if (cookieHash !== undefined) {
    const session = await findSyncSession(deps.db, cookieHash, deps.now());
    principal = session && { kind: 'sync', ...session, via: 'cookie', sessionHash: cookieHash };
  }
  if (principal === undefined) {
    throw new SyncAuthRefused('sign in with HTTP Basic: your sync user name and an app password');
  }
  if (pathUsername !== undefined && pathUsername !== principal.username) {
    throw new SyncAuthRefused(
      `these credentials are not those of ${pathUsername}`,
      principal.via === 'cookie',
    );
  }
  return principal;
}

/**
 * The session cookie to hand a client that signed in with Basic, as
 * gpodder.net does: clients that keep cookies (Python's mygpoclient gives
 * up after three Basic challenges) then ride on it. None when the request
 * already came with a live cookie of the same password.
 */
export async function sessionCookieForBasic(
  deps: SyncAuthDeps,
  principal: SyncPrincipal,
): Promise<string | undefined> {
  if (principal.via !== 'basic' || principal.sessions === undefined) {
    return undefined;
  }
  if (principal.sessionHash !== undefined) {
    return undefined;
  }
  return syncSessionFor(
    { db: deps.db, now: deps.now, sessionKey: deps.signIn.sessionKey },
    {
      userId: principal.userId,
      appPasswordId: principal.appPasswordId,
      sessions: principal.sessions,
    },
  );
}

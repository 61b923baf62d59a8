import { createHmac } from 'node:crypto';
import {
  createSyncSession,
  type DbExecutor,
  deleteSyncSession,
  type SyncSessionStamp,
} from '@podcast/db';
import { hashSecret } from '../mcp-oauth/secrets.js';

/** The cookie the gPodder login sets (the protocol names it). */
export const SYNC_SESSION_COOKIE = 'sessionid';
/** How long a protocol session lives: apps log in again when it lapses. */
export const SYNC_SESSION_TTL_MS = 30 * 24 * 3600_000;

/**
 * Whether the `sessionid` cookie carries `Secure`: as the configured public
 * origin's scheme says, else in production. Never from the request, which
 * behind a TLS-terminating proxy arrives as plain HTTP.
 */
export function isSyncCookieSecure(config: {
  appEnv: 'development' | 'production';
  publicBaseUrl?: string | undefined;
}): boolean {
  if (config.publicBaseUrl !== undefined) {
    return config.publicBaseUrl.startsWith('https:');
  }
  return config.appEnv === 'production';
}

/** The `sessionid` cookie's attributes (set, and cleared, with the same ones). */
export function syncCookieOptions(isSecure: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: isSecure };
}

/**
 * The key session cookies are derived with: from SESSION_SECRET when set,
 * so every replica and restart hands out the same cookie for a session,
 * else random for this process (a restart then opens new sessions).
 */
export function syncSessionKeyOf(secret: string | undefined, random: (n: number) => Buffer) {
  return secret === undefined
    ? random(32)
    : createHmac('sha256', secret).update('gpodder sessionid').digest();
}

export interface SyncSessionDeps {
  db: DbExecutor;
  now: () => Date;
  sessionKey: Buffer;
}

/**
 * A session's cookie is derived from its password and start time, so the
 * server can hand the same cookie out again while storing only its hash.
 */
function tokenOf(key: Buffer, appPasswordId: string, createdAt: Date): string {
  return createHmac('sha256', key)
    .update(`${appPasswordId}\n${createdAt.getTime()}`)
    .digest('base64url');
}

/**
 * The cookie for a password that signed in with Basic: its newest live
 * session this key can derive, else a new one. Every valid sign-in gets a
 * cookie (mygpoclient gives up after three Basic challenges per client, so
 * it must ride on one), yet a client that sends Basic on every request and
 * never keeps cookies opens no session per request: a password holds one
 * derived session per key, besides the oldest-first cap of 10.
 */
export async function syncSessionFor(
  deps: SyncSessionDeps,
  password: { userId: string; appPasswordId: string; sessions: readonly SyncSessionStamp[] },
): Promise<string> {
  for (const session of password.sessions) {
    const token = tokenOf(deps.sessionKey, password.appPasswordId, session.createdAt);
    // Both sides are the server's own: no secret of the caller is compared.
    if (hashSecret(token) === session.tokenHash) {
      return token;
    }
  }
  const now = deps.now();
  const token = tokenOf(deps.sessionKey, password.appPasswordId, now);
  await createSyncSession(deps.db, {
    tokenHash: hashSecret(token),
    userId: password.userId,
    appPasswordId: password.appPasswordId,
    now,
    expiresAt: new Date(now.getTime() + SYNC_SESSION_TTL_MS),
  });
  return token;
}

export async function endSyncSession(deps: { db: DbExecutor }, sessionHash: string): Promise<void> {
  await deleteSyncSession(deps.db, sessionHash);
}

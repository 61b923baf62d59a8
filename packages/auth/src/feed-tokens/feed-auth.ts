import { TooManyRequests } from '@podcast/contracts';
import { findFeedToken, touchFeedToken } from '@podcast/db';
import { type RateLimiter, sourceAddressKey } from '@podcast/runtime';
import {
  authenticateSync,
  parseBasicAuth,
  type SyncAuthDeps,
  SyncAuthRefused,
} from '../app-passwords/sync-auth.js';
import type { AuthRuntime } from '../auth-runtime.js';
import { hashSecret } from '../mcp-oauth/secrets.js';
import { findPrincipal } from '../principal.js';

/** Who an overlay feed or one of its files is served to. */
export interface FeedPrincipal {
  kind: 'feed';
  userId: string;
  /** How the request proved it: a feed token, an app password over Basic, or the web session. */
  via: 'token' | 'basic' | 'session';
  /** The feed token the request came with: the links the feed hands out carry it too. */
  token?: { id: string; value: string };
}

export interface FeedAuthDeps extends SyncAuthDeps {
  auth: AuthRuntime;
  /**
   * Refused feed tokens per source address: past it, a 429 before any
   * lookup. (A refused app password counts in the sync throttle; a request
   * with no credential costs no lookup.)
   */
  tokenRefusals: RateLimiter;
}

/** A refused feed credential: answered 401 with a Basic challenge. */
export class FeedAuthRefused extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'FeedAuthRefused';
  }
}

export interface FeedRequest {
  /** The `token` query parameter, as sent. */
  token: unknown;
  authorization: string | undefined;
  cookie: string | undefined;
  address: string;
}

/** A feed token's owner; refusals count per source address, checked before any lookup. */
async function tokenPrincipal(
  deps: FeedAuthDeps,
  value: unknown,
  address: string,
): Promise<FeedPrincipal> {
  const source = sourceAddressKey(address);
  const room = deps.tokenRefusals.peek(source);
  if (!room.allowed) {
    throw new TooManyRequests(room.retryAfterS, 'too many refused feed tokens; retry later');
  }
  const found =
    typeof value === 'string' && value.length > 0 && value.length <= 200
      ? await findFeedToken(deps.db, hashSecret(value))
      : undefined;
  if (found === undefined || typeof value !== 'string') {
    deps.tokenRefusals.take(source);
    throw new FeedAuthRefused('feed token refused: it was revoked or never minted');
  }
  await touchFeedToken(deps.db, found.id, deps.now());
  return { kind: 'feed', userId: found.userId, via: 'token', token: { id: found.id, value } };
}

/** The sync check itself (its throttle, hash gate and remembered pairs), never a second one. */
async function basicPrincipal(deps: FeedAuthDeps, request: FeedRequest): Promise<FeedPrincipal> {
  try {
    const sync = await authenticateSync(deps, { ...request, cookie: undefined }, undefined);
    return { kind: 'feed', userId: sync.userId, via: 'basic' };
  } catch (err) {
    throw err instanceof SyncAuthRefused ? new FeedAuthRefused(err.detail) : err;
  }
}

/**
 * The credential of an overlay feed and its files, for podcast apps that
 * cannot send cookies: a feed token in `?token=`, else HTTP Basic with an app
 * password (the sync check, never a second one), else the web session (the
 * development user in development, spec 01 rule 1). A token or Basic header
 * that fails is refused even where a session would pass.
 */
export async function authenticateFeed(
  deps: FeedAuthDeps,
  request: FeedRequest,
): Promise<FeedPrincipal> {
  if (request.token !== undefined) {
    return tokenPrincipal(deps, request.token, request.address);
  }
  if (parseBasicAuth(request.authorization) !== undefined) {
    return basicPrincipal(deps, request);
  }
  const session = await findPrincipal(deps.auth, request.cookie);
  if (session === undefined) {
    throw new FeedAuthRefused(
      'sign in: add ?token=<feed token> (POST /api/app/feeds/tokens), or HTTP Basic with your ' +
        'sync user name and an app password',
    );
  }
  return { kind: 'feed', userId: session.user.id, via: 'session' };
}

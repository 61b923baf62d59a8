import { createHash } from 'node:crypto';
import { RETURN_PATH } from '@podcast/contracts';
import { signValue, verifySignedValue } from './signed-value.js';

/** How long a started login may take before its state cookie is refused. */
export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;

/** What the login cookie carries between `/login` and `/callback`. */
export interface LoginState {
  /** The CSRF `state` sent to the provider; also the single-use nonce. */
  state: string;
  /** The PKCE code verifier (RFC 7636). */
  verifier: string;
  /** The OIDC `nonce`, checked when identity comes from the id_token. */
  nonce: string;
  expiresAtMs: number;
  /** Where the callback sends the browser: a path on this server (default `/`). */
  returnTo: string;
}

/** Random bytes, e.g. node:crypto's `randomBytes` (a deps member so tests may pin it). */
export type RandomBytes = (size: number) => Buffer;

/** 32 random bytes give each token 256 bits; as base64url that is a 43-character PKCE verifier. */
export function newLoginState(random: RandomBytes, nowMs: number, returnTo = '/'): LoginState {
  const token = () => random(32).toString('base64url');
  return {
    state: token(),
    verifier: token(),
    nonce: token(),
    expiresAtMs: nowMs + LOGIN_STATE_TTL_MS,
    returnTo: RETURN_PATH.test(returnTo) ? returnTo : '/',
  };
}

/** The S256 code challenge of a verifier (RFC 7636 §4.2). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function encodeLoginState(secret: string, login: LoginState): string {
  const payload = Buffer.from(
    JSON.stringify({
      s: login.state,
      v: login.verifier,
      n: login.nonce,
      e: login.expiresAtMs,
      r: login.returnTo,
    }),
  ).toString('base64url');
  return signValue(secret, 'login-state', payload);
}

/** The state when the cookie is genuine and unexpired, else undefined. */
export function decodeLoginState(
  secret: string,
  cookie: string | undefined,
  nowMs: number,
): LoginState | undefined {
  const payload =
    cookie === undefined ? undefined : verifySignedValue(secret, 'login-state', cookie);
  if (payload === undefined) {
    return undefined;
  }
  const raw = parseJson(Buffer.from(payload, 'base64url').toString('utf8'));
  const { s, v, n, e, r } = (raw ?? {}) as Record<string, unknown>;
  if (typeof s !== 'string' || typeof v !== 'string' || typeof n !== 'string') {
    return undefined;
  }
  if (typeof e !== 'number' || e <= nowMs) {
    return undefined;
  }
  const returnTo = typeof r === 'string' && RETURN_PATH.test(r) ? r : '/';
  return { state: s, verifier: v, nonce: n, expiresAtMs: e, returnTo };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

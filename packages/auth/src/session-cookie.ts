import { LOGIN_STATE_TTL_MS } from './login-state.js';
import { signValue, verifySignedValue } from './signed-value.js';

/** Attributes of a Set-Cookie, in the shape express's `res.cookie` takes. */
export interface CookieOptions {
  httpOnly: boolean;
  sameSite: 'lax';
  secure: boolean;
  path: string;
  maxAge?: number;
}

export const SESSION_COOKIE = 'podcast_session';
export const LOGIN_STATE_COOKIE = 'podcast_login_state';

/** The login cookie only travels to the auth routes. */
export const LOGIN_STATE_COOKIE_PATH = '/api/app/auth';

/** Cookie value: the stored session's id and its HMAC (spec 01 rule 3). */
export function sessionCookieValue(secret: string, sessionId: string): string {
  return signValue(secret, 'session', sessionId);
}

/** The session id of a genuine cookie, else undefined (forged or altered). */
export function sessionIdFromCookie(secret: string, value: string): string | undefined {
  return verifySignedValue(secret, 'session', value);
}

// Lax: the cookie comes along when the provider redirects back (a top-level
// GET) but not on cross-site POST, PUT or DELETE, which is our CSRF defence.
function baseOptions(isSecure: boolean, path: string): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: isSecure, path };
}

export function sessionCookieOptions(isSecure: boolean, maxAgeMs: number): CookieOptions {
  return { ...baseOptions(isSecure, '/'), maxAge: maxAgeMs };
}

export function clearedSessionCookieOptions(isSecure: boolean): CookieOptions {
  return baseOptions(isSecure, '/');
}

export function loginStateCookieOptions(isSecure: boolean): CookieOptions {
  return { ...baseOptions(isSecure, LOGIN_STATE_COOKIE_PATH), maxAge: LOGIN_STATE_TTL_MS };
}

export function clearedLoginStateCookieOptions(isSecure: boolean): CookieOptions {
  return baseOptions(isSecure, LOGIN_STATE_COOKIE_PATH);
}

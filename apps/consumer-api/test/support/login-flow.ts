import type { Express } from 'express';
import request from 'supertest';
import type { FakeAccount } from './fake-oauth-provider.js';

/** `name=value` of a Set-Cookie header, or undefined when the response sets none. */
export function cookieFrom(
  setCookie: string[] | string | undefined,
  name: string,
): string | undefined {
  const headers = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [setCookie];
  return headers.find((header) => header.startsWith(`${name}=`))?.split(';')[0];
}

/** The full Set-Cookie header for `name`, attributes included. */
export function setCookieHeader(
  setCookie: string[] | string | undefined,
  name: string,
): string | undefined {
  const headers = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [setCookie];
  return headers.find((header) => header.startsWith(`${name}=`));
}

export interface LoginAttempt {
  /** `podcast_login_state=…` as the browser would send it back. */
  stateCookie: string;
  /** Path and query of the provider's redirect back to us. */
  callbackPath: string;
}

/** Steps 1-2 of a browser sign-in: our /login, then the provider's authorize redirect. */
export async function startLogin(
  app: Express,
  loginPath = '/api/app/auth/login',
): Promise<LoginAttempt> {
  const login = await request(app).get(loginPath);
  if (login.status !== 307) {
    throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
  }
  const stateCookie = cookieFrom(login.headers['set-cookie'], 'podcast_login_state');
  if (stateCookie === undefined) {
    throw new Error('login set no state cookie');
  }
  const authorize = await fetch(login.headers.location as string, { redirect: 'manual' });
  const back = authorize.headers.get('location');
  if (authorize.status !== 302 || back === null) {
    throw new Error(`provider authorize answered ${authorize.status}`);
  }
  const url = new URL(back);
  return { stateCookie, callbackPath: `${url.pathname}${url.search}` };
}

/** Step 3: the provider's redirect arriving at our callback with the state cookie. */
export function finishLogin(app: Express, attempt: LoginAttempt) {
  return request(app).get(attempt.callbackPath).set('cookie', attempt.stateCookie);
}

/** A complete sign-in; returns `podcast_session=…` for later requests. */
export async function signIn(app: Express): Promise<string> {
  const callback = await finishLogin(app, await startLogin(app));
  const session = cookieFrom(callback.headers['set-cookie'], 'podcast_session');
  if (callback.status !== 307 || session === undefined) {
    throw new Error(`callback answered ${callback.status}: ${JSON.stringify(callback.body)}`);
  }
  return session;
}

/** A complete sign-in as `account`, which `provider` (the fake) answers from now on. */
export function signInAs(
  app: Express,
  provider: { account: FakeAccount },
  account: FakeAccount,
): Promise<string> {
  provider.account = account;
  return signIn(app);
}

/** GET /api/app/me with the session cookie `session` (`podcast_session=…`). */
export function requestMe(app: Express, session: string) {
  return request(app).get('/api/app/me').set('cookie', session);
}

/** Signs in as `account` (see signInAs) and answers GET /api/app/me with that session. */
export async function meAfterSignInAs(
  app: Express,
  provider: { account: FakeAccount },
  account: FakeAccount,
): Promise<request.Response> {
  return requestMe(app, await signInAs(app, provider, account));
}

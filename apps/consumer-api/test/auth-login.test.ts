import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { encodeLoginState, newLoginState } from '@podcast/auth';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';
import {
  explicitProviderEnv,
  type FakeOAuthProvider,
  startFakeOAuthProvider,
  verifiedAccount,
} from './support/fake-oauth-provider.js';
import {
  cookieFrom,
  finishLogin,
  meAfterSignInAs,
  requestMe,
  setCookieHeader,
  signInAs,
  startLogin,
} from './support/login-flow.js';

const CLIENT = { clientId: 'podcast-app', clientSecret: 'client-secret-1' };
const SECRET = 'a-session-secret-that-is-long-enough-1234';
const REDIRECT = 'https://app.example/api/app/auth/callback';

function explicitEnv(provider: FakeOAuthProvider): Record<string, string> {
  return {
    SESSION_SECRET: SECRET,
    ...explicitProviderEnv(provider, CLIENT, REDIRECT),
    AUTH_ALLOWLIST: 'ann@example.com,@team.example',
    SESSION_TTL_HOURS: '12',
  };
}

async function userCount(testApp: TestApp): Promise<number> {
  const row = await testApp.ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('sign-in with explicit provider endpoints (production)', () => {
  let provider: FakeOAuthProvider;
  let testApp: TestApp;

  beforeAll(async () => {
    provider = await startFakeOAuthProvider(CLIENT);
    testApp = await buildTestApp({
      appEnv: 'production',
      env: explicitEnv(provider),
      auth: { providerTimeoutMs: 300 },
    });
  });

  afterAll(async () => {
    await testApp.close();
    await provider.close();
  });

  it('redirects to the provider with PKCE and sets a signed, short-lived state cookie', async () => {
    const res = await request(testApp.app).get('/api/app/auth/login');
    expect(res.status).toBe(307);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(provider.authorizeUrl);
    const q = location.searchParams;
    expect(q.get('client_id')).toBe(CLIENT.clientId);
    expect(q.get('redirect_uri')).toBe(REDIRECT);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = setCookieHeader(res.headers['set-cookie'], 'podcast_login_state') ?? '';
    expect(cookie).toContain('Path=/api/app/auth');
    expect(cookie).toContain('Max-Age=600');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain(q.get('state') as string);
  });

  it('signs in end to end: session cookie, 307 to / and /me answers the user', async () => {
    provider.account = verifiedAccount('ann-1', 'ann@example.com', 'Ann');
    const callback = await finishLogin(testApp.app, await startLogin(testApp.app));
    expect(callback.status).toBe(307);
    expect(callback.headers.location).toBe('/');
    const setCookie = setCookieHeader(callback.headers['set-cookie'], 'podcast_session') ?? '';
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('Path=/;');
    expect(setCookie).toContain(`Max-Age=${12 * 3600}`);
    const cleared = setCookieHeader(callback.headers['set-cookie'], 'podcast_login_state') ?? '';
    expect(cleared).toMatch(/^podcast_login_state=;.*Expires=Thu, 01 Jan 1970/);
    expect(provider.tokenAuthSeen.at(-1)).toBe('client_secret_post');

    const session = cookieFrom(callback.headers['set-cookie'], 'podcast_session') as string;
    const me = await requestMe(testApp.app, session);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      user_id: expect.stringMatching(/^u_/),
      email: 'ann@example.com',
      name: 'Ann',
    });
  });

  it('keeps one user per provider account and refreshes its name on the next sign-in', async () => {
    const before = await userCount(testApp);
    const me = await meAfterSignInAs(
      testApp.app,
      provider,
      verifiedAccount('ann-1', 'ann@example.com', 'Ann B.'),
    );
    expect(me.body.name).toBe('Ann B.');
    expect(await userCount(testApp)).toBe(before);
  });

  it('admits every address of an @domain allowlist entry', async () => {
    const me = await meAfterSignInAs(
      testApp.app,
      provider,
      verifiedAccount('bob-2', 'Bob@Team.Example', 'Bob'),
    );
    expect(me.body.email).toBe('Bob@Team.Example');
  });

  it.each([
    [
      'an address not on the allowlist',
      { sub: 'eve', email: 'eve@else.example', email_verified: true },
    ],
    [
      'an allowlisted address the provider marks unverified',
      { sub: 'fake-ann', email: 'ann@example.com', email_verified: false },
    ],
    ['an account without email', { sub: 'no-mail' }],
  ])('refuses %s with 403 and stores nobody', async (_name, account) => {
    provider.account = account;
    const before = await userCount(testApp);
    const callback = await finishLogin(testApp.app, await startLogin(testApp.app));
    expect(callback.status).toBe(403);
    expect(callback.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(callback.body.detail).toContain('allowlist');
    expect(cookieFrom(callback.headers['set-cookie'], 'podcast_session')).toBeUndefined();
    // A failed callback still spends the one-time login-state cookie, and is a full problem.
    const cleared = setCookieHeader(callback.headers['set-cookie'], 'podcast_login_state') ?? '';
    expect(cleared).toMatch(/^podcast_login_state=;.*Expires=Thu, 01 Jan 1970/);
    expect(callback.body.request_id).toBe(callback.headers['x-request-id']);
    expect(await userCount(testApp)).toBe(before);
  });

  it('answers 400 when the state does not match the cookie', async () => {
    const attempt = await startLogin(testApp.app);
    const other = await startLogin(testApp.app);
    const res = await finishLogin(testApp.app, { ...attempt, stateCookie: other.stateCookie });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('state');
  });

  it('answers 400 without a state cookie, or with an altered one', async () => {
    const attempt = await startLogin(testApp.app);
    const missing = await request(testApp.app).get(attempt.callbackPath);
    expect(missing.status).toBe(400);
    const value = attempt.stateCookie.split('=')[1] as string;
    const altered = `podcast_login_state=${value.slice(0, 10)}${value[10] === 'A' ? 'B' : 'A'}${value.slice(11)}`;
    const tampered = await finishLogin(testApp.app, { ...attempt, stateCookie: altered });
    expect(tampered.status).toBe(400);
  });

  it('answers 400 for a genuine but expired state cookie', async () => {
    const attempt = await startLogin(testApp.app);
    const state = new URLSearchParams(attempt.callbackPath.split('?')[1]).get('state') as string;
    const expired = encodeLoginState(SECRET, {
      ...newLoginState(randomBytes, Date.now() - 11 * 60_000),
      state,
    });
    const res = await finishLogin(testApp.app, {
      ...attempt,
      stateCookie: `podcast_login_state=${expired}`,
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('expired');
  });

  it('refuses a replayed state cookie and state pair with 400', async () => {
    provider.account = verifiedAccount('ann-1', 'ann@example.com');
    const attempt = await startLogin(testApp.app);
    expect((await finishLogin(testApp.app, attempt)).status).toBe(307);
    const replay = await finishLogin(testApp.app, attempt);
    expect(replay.status).toBe(400);
    expect(replay.body.detail).toContain('already used');
  });

  it('answers 400 when the provider reports an error instead of a code', async () => {
    const attempt = await startLogin(testApp.app);
    const path = attempt.callbackPath.replace(/code=[^&]+/, 'error=access_denied');
    const res = await finishLogin(testApp.app, { ...attempt, callbackPath: path });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('access_denied');
  });

  it('answers 502 when the token endpoint fails', async () => {
    provider.tokenMode = 'fail';
    try {
      const res = await finishLogin(testApp.app, await startLogin(testApp.app));
      expect(res.status).toBe(502);
      expect(res.body.detail).toContain('token endpoint answered 500');
    } finally {
      provider.tokenMode = 'ok';
    }
  });

  it('answers 502 when the token endpoint is slower than the timeout', async () => {
    provider.tokenMode = 'slow';
    provider.slowMs = 2000;
    try {
      const started = Date.now();
      const res = await finishLogin(testApp.app, await startLogin(testApp.app));
      expect(res.status).toBe(502);
      expect(res.body.detail).toContain('timed out');
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      provider.tokenMode = 'ok';
    }
  });

  it('answers 502 when the code was already redeemed at the provider', async () => {
    provider.account = verifiedAccount('ann-1', 'ann@example.com');
    const first = await startLogin(testApp.app);
    expect((await finishLogin(testApp.app, first)).status).toBe(307);
    const second = await startLogin(testApp.app);
    const code = new URLSearchParams(first.callbackPath.split('?')[1]).get('code') as string;
    const path = second.callbackPath.replace(/code=[^&]+/, `code=${code}`);
    const res = await finishLogin(testApp.app, { ...second, callbackPath: path });
    expect(res.status).toBe(502);
  });

  it('reports status signed out and signed in', async () => {
    const out = await request(testApp.app).get('/api/app/auth/status');
    expect(out.body).toEqual({ authenticated: false, configured: true, login_required: true });
    const session = await signInAs(
      testApp.app,
      provider,
      verifiedAccount('ann-1', 'ann@example.com', 'Ann'),
    );
    const signedIn = await request(testApp.app).get('/api/app/auth/status').set('cookie', session);
    expect(signedIn.body).toMatchObject({
      authenticated: true,
      user: { email: 'ann@example.com' },
    });
  });
});

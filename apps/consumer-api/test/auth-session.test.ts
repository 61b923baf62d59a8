import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signValue } from '@podcast/auth';
import { createSession, revokeSession } from '@podcast/db';
import request from 'supertest';
import { buildProductionTestApp, buildTestApp, type TestApp } from './support/build-test-app.js';
import { requestMe, setCookieHeader } from './support/login-flow.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

const SECRET = 'a-session-secret-that-is-long-enough-5678';

describe('session cookies in production', () => {
  let testApp: TestApp;
  // The app's clock runs this far ahead of the real one (the expiry test moves it).
  let skewMs = 0;

  beforeAll(async () => {
    testApp = await buildProductionTestApp(SECRET, { now: () => new Date(Date.now() + skewMs) });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const me = (cookie?: string) => {
    const req = request(testApp.app).get('/api/app/me');
    return cookie === undefined ? req : req.set('cookie', cookie);
  };

  it('answers /me for a valid session and 401 without one', async () => {
    const { cookie, user } = await sessionCookieFor(testApp.ctx, 'valid');
    expect((await me(cookie)).body).toEqual({
      user_id: user.id,
      email: 'valid@example.com',
      name: 'valid',
    });
    const signedOut = await me();
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(signedOut.body.detail).toContain('sign in');
  });

  it('refuses a session id signed with another secret', async () => {
    const { sessionId } = await sessionCookieFor(testApp.ctx, 'forged');
    const forged = `podcast_session=${signValue(`${SECRET}-other`, 'session', sessionId)}`;
    expect((await me(forged)).status).toBe(401);
  });

  it('refuses a random id with a made-up signature and a bare session id', async () => {
    const made = `podcast_session=${randomBytes(32).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
    expect((await me(made)).status).toBe(401);
    const { sessionId } = await sessionCookieFor(testApp.ctx, 'bare');
    expect((await me(`podcast_session=${sessionId}`)).status).toBe(401);
  });

  it.each([
    ['a changed id character', (v: string) => `${v[0] === 'A' ? 'B' : 'A'}${v.slice(1)}`],
    [
      'a changed signature character',
      (v: string) => `${v.slice(0, -1)}${v.endsWith('A') ? 'B' : 'A'}`,
    ],
    ['a truncated signature', (v: string) => v.slice(0, -2)],
  ])('refuses a cookie with %s', async (_name, tamper) => {
    const { cookie } = await sessionCookieFor(testApp.ctx, 'tamper');
    const value = cookie.slice('podcast_session='.length);
    expect((await me(cookie)).status).toBe(200);
    expect((await me(`podcast_session=${tamper(value)}`)).status).toBe(401);
  });

  it('refuses a genuine cookie whose session has expired', async () => {
    const { user } = await sessionCookieFor(testApp.ctx, 'expired');
    const past = new Date(Date.now() - 2 * 3600_000);
    const session = await createSession(testApp.ctx.db, user.id, 3600_000, past);
    const cookie = `podcast_session=${signValue(SECRET, 'session', session.id)}`;
    expect((await me(cookie)).status).toBe(401);
  });

  it('logs out: 204, clears the cookie, and the old cookie is refused afterwards', async () => {
    const { cookie } = await sessionCookieFor(testApp.ctx, 'leaving');
    expect((await me(cookie)).status).toBe(200);
    const out = await request(testApp.app).post('/api/app/auth/logout').set('cookie', cookie);
    expect(out.status).toBe(204);
    const cleared = setCookieHeader(out.headers['set-cookie'], 'podcast_session') ?? '';
    expect(cleared).toMatch(/^podcast_session=;.*Expires=Thu, 01 Jan 1970/);
    expect(cleared).toContain('HttpOnly');
    expect((await me(cookie)).status).toBe(401);
  });

  it('refuses a cached session as soon as another instance revokes it', async () => {
    const { cookie, sessionId } = await sessionCookieFor(testApp.ctx, 'elsewhere');
    expect((await me(cookie)).status).toBe(200);
    expect(testApp.ctx.auth.sessions.get(sessionId, new Date())).toBeDefined();
    // Another instance's logout: the same database, not this app's route.
    await revokeSession(testApp.ctx.db, sessionId, new Date());
    const deadline = Date.now() + 5000;
    while (
      testApp.ctx.auth.sessions.get(sessionId, new Date()) !== undefined &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await me(cookie)).status).toBe(401);
  });

  it('refuses a cached session once it expires', async () => {
    const { cookie } = await sessionCookieFor(testApp.ctx, 'short', { ttlMs: 60_000 });
    expect((await me(cookie)).status).toBe(200);
    skewMs = 61_000;
    try {
      expect((await me(cookie)).status).toBe(401);
    } finally {
      skewMs = 0;
    }
  });

  it('answers logout with 204 when nobody is signed in', async () => {
    expect((await request(testApp.app).post('/api/app/auth/logout')).status).toBe(204);
    const junk = await request(testApp.app)
      .post('/api/app/auth/logout')
      .set('cookie', 'podcast_session=junk');
    expect(junk.status).toBe(204);
  });
});

describe('sessions in development', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ appEnv: 'development', env: { SESSION_SECRET: SECRET } });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('acts as one stored local user without any cookie', async () => {
    const first = await request(testApp.app).get('/api/app/me');
    const second = await request(testApp.app).get('/api/app/me');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      user_id: expect.stringMatching(/^u_/),
      email: null,
      name: 'Local user',
    });
    expect(second.body.user_id).toBe(first.body.user_id);
  });

  it('lets a valid session cookie win over the local user, and ignores a forged one', async () => {
    const { cookie, user } = await sessionCookieFor(testApp.ctx, 'dev-signed-in');
    const signedIn = await requestMe(testApp.app, cookie);
    expect(signedIn.body.user_id).toBe(user.id);
    const forged = await requestMe(testApp.app, `${cookie}x`);
    expect(forged.status).toBe(200);
    expect(forged.body.name).toBe('Local user');
  });
});

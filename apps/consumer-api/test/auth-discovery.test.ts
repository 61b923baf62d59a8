import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';
import {
  type FakeOAuthProvider,
  startFakeOAuthProvider,
  verifiedAccount,
} from './support/fake-oauth-provider.js';
import { meAfterSignInAs, requestMe, signIn, signInAs } from './support/login-flow.js';

const CLIENT = { clientId: 'podcast-app', clientSecret: 'client-secret-1' };
const SECRET = 'a-session-secret-that-is-long-enough-1234';
const REDIRECT = 'https://app.example/api/app/auth/callback';

describe('sign-in through OIDC discovery', () => {
  let provider: FakeOAuthProvider;
  let noUserinfo: FakeOAuthProvider;
  let testApp: TestApp;
  let idTokenApp: TestApp;

  const discoveryEnv = (issuer: string) => ({
    SESSION_SECRET: SECRET,
    OAUTH_CLIENT_ID: CLIENT.clientId,
    OAUTH_CLIENT_SECRET: CLIENT.clientSecret,
    OAUTH_ISSUER: issuer,
    OAUTH_REDIRECT_URL: REDIRECT,
    AUTH_ALLOWLIST: '*',
  });

  beforeAll(async () => {
    provider = await startFakeOAuthProvider({ ...CLIENT, authMethods: ['client_secret_basic'] });
    noUserinfo = await startFakeOAuthProvider({ ...CLIENT, hasUserinfo: false });
    testApp = await buildTestApp({ appEnv: 'production', env: discoveryEnv(provider.issuer) });
    idTokenApp = await buildTestApp({ appEnv: 'production', env: discoveryEnv(noUserinfo.issuer) });
  });

  afterAll(async () => {
    await testApp.close();
    await idTokenApp.close();
    await provider.close();
    await noUserinfo.close();
  });

  it('discovers the endpoints once and authenticates with client_secret_basic', async () => {
    const first = await signInAs(testApp.app, provider, {
      sub: 'zed',
      email: 'zed@anywhere.example',
      name: 'Zed',
    });
    await signIn(testApp.app);
    expect(provider.discoveryRequests).toBe(1);
    expect(provider.tokenAuthSeen).toEqual(['client_secret_basic', 'client_secret_basic']);
    const me = await requestMe(testApp.app, first);
    expect(me.body).toMatchObject({ email: 'zed@anywhere.example', name: 'Zed' });
  });

  it('reads the id_token claims when the provider has no userinfo endpoint', async () => {
    const me = await meAfterSignInAs(
      idTokenApp.app,
      noUserinfo,
      verifiedAccount('idt-1', 'kim@example.com', 'Kim'),
    );
    expect(me.body).toMatchObject({ email: 'kim@example.com', name: 'Kim' });
  });

  it('answers login with 502 when the discovery document cannot be read', async () => {
    const broken = await buildTestApp({
      appEnv: 'production',
      env: discoveryEnv(`${provider.issuer}/no-such-issuer`),
    });
    try {
      const res = await request(broken.app).get('/api/app/auth/login');
      expect(res.status).toBe(502);
      expect(res.body.detail).toContain('discovery answered 404');
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      await broken.close();
    }
  });
});

describe('sign-in that is not configured', () => {
  let production: TestApp;
  let development: TestApp;

  beforeAll(async () => {
    production = await buildTestApp({ appEnv: 'production', env: { OAUTH_CLIENT_ID: 'x' } });
    development = await buildTestApp({ appEnv: 'development' });
  });

  afterAll(async () => {
    await production.close();
    await development.close();
  });

  it.each([['/api/app/auth/login'], ['/api/app/auth/callback?code=c&state=s']])(
    'answers %s with 503 naming what is missing',
    async (path) => {
      const prod = await request(production.app).get(path);
      expect(prod.status).toBe(503);
      expect(prod.body.detail).toContain('SESSION_SECRET, OAUTH_CLIENT_SECRET,');
      expect(prod.body.detail).not.toContain('OAUTH_CLIENT_ID');
      const dev = await request(development.app).get(path);
      expect(dev.status).toBe(503);
      expect(dev.body.detail).toContain('SESSION_SECRET, OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET,');
    },
  );

  it('reports sign-in as unconfigured, and the local user as signed in during development', async () => {
    const prod = await request(production.app).get('/api/app/auth/status');
    expect(prod.body).toEqual({ authenticated: false, configured: false, login_required: true });
    const dev = await request(development.app).get('/api/app/auth/status');
    expect(dev.body).toEqual({
      authenticated: true,
      configured: false,
      login_required: false,
      user: { user_id: expect.stringMatching(/^u_/), email: null, name: 'Local user' },
    });
  });
});

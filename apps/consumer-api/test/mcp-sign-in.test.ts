import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildProductionTestApp, type TestApp } from './support/build-test-app.js';
import {
  explicitProviderEnv,
  type FakeOAuthProvider,
  startFakeOAuthProvider,
} from './support/fake-oauth-provider.js';
import { cookieFrom, finishLogin, startLogin } from './support/login-flow.js';
import { authorizeQuery, pkcePair, registerClient } from './support/mcp-oauth-flow.js';

const CLIENT = { clientId: 'podcast-app', clientSecret: 'client-secret-2' };

let provider: FakeOAuthProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startFakeOAuthProvider(CLIENT);
  t = await buildProductionTestApp('an-mcp-sign-in-secret-of-32-chars!!!', {
    env: {
      ...explicitProviderEnv(provider, CLIENT, 'https://app.example/api/app/auth/callback'),
      AUTH_ALLOWLIST: 'ann@example.com',
      PUBLIC_BASE_URL: 'https://app.example',
    },
  });
});

afterAll(async () => {
  await t.close();
  await provider.close();
});

describe('signing in from the consent page', () => {
  it('sends a signed-out browser to sign in and back to the consent page', async () => {
    const { client_id: clientId } = await registerClient(t.app);
    const query = new URLSearchParams(authorizeQuery(clientId, pkcePair().challenge)).toString();
    const page = `/api/app/mcp/oauth/authorize?${query}`;
    const refused = await request(t.app).get(page);
    expect(refused.status).toBe(401);
    expect(refused.body.login_url).toBe(
      `/api/app/auth/login?return_to=${encodeURIComponent(page)}`,
    );

    const callback = await finishLogin(t.app, await startLogin(t.app, refused.body.login_url));
    expect(callback.status).toBe(307);
    expect(callback.headers.location).toBe(page);
    const session = cookieFrom(callback.headers['set-cookie'], 'podcast_session') as string;
    const consent = await request(t.app).get(page).set('Cookie', session);
    expect(consent.status).toBe(200);
    expect(consent.text).toContain('ann@example.com');
  });

  it('lands on / when login had no return_to', async () => {
    const callback = await finishLogin(t.app, await startLogin(t.app));
    expect(callback.headers.location).toBe('/');
  });

  it.each([
    '//evil.example/x',
    'https://evil.example/',
    '/\\evil.example',
    'relative/path',
    '/with space',
    `/${'a'.repeat(2000)}`,
  ])('refuses return_to=%s with a 400 naming it', async (target) => {
    const res = await request(t.app).get('/api/app/auth/login').query({ return_to: target });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('return_to');
  });

  it('gives no login_url to a refused write, which a browser does not navigate to', async () => {
    const res = await request(t.app).put('/api/app/queue').send({ items: [] });
    expect(res.status).toBe(401);
    expect(res.body.login_url).toBeUndefined();
  });
});

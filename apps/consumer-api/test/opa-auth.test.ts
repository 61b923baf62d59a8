import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { consumerRoutes } from '../src/routes/index.js';
import { buildTestApp } from './support/build-test-app.js';
import {
  authorizeQuery,
  pkcePair,
  registerClient,
  requestAuthorization,
} from './support/mcp-oauth-flow.js';
import { accessToken, opaClient, useOpaFixture } from './support/opa-fixture.js';
import { basicAuth } from './support/sync-fixture.js';

// Who may use the Open Podcast API: an app password over Basic (the gPodder
// API's credential and throttle), or an access token of this server's OAuth
// flow carrying `sync`; nobody else, in production as in development.

const suite = useOpaFixture('opa-auth');
const opaRoutes = consumerRoutes.filter((r) => r.path.startsWith('/v1/'));
const guarded = opaRoutes
  .filter((r) => r.auth !== 'open')
  .map((r) => [r.method.toUpperCase(), r.path, r] as const);
const urlOf = (path: string) => path.replace(/\{(\w+)\}/g, '1');

describe('the credentials of /v1', () => {
  it('serves every draft operation under /v1, capabilities alone open', () => {
    expect(opaRoutes.map((r) => `${r.method.toUpperCase()} ${r.path}`).sort()).toEqual([
      'DELETE /v1/subscriptions/{guid}',
      'GET /v1/capabilities',
      'GET /v1/deletions/{id}',
      'GET /v1/episodes',
      'GET /v1/subscriptions',
      'GET /v1/subscriptions/{guid}',
      'GET /v1/sync',
      'PATCH /v1/subscriptions/{guid}',
      'POST /v1/episodes',
      'POST /v1/subscriptions',
      'POST /v1/sync',
    ]);
    expect(guarded.every(([, , r]) => r.auth === 'sync-or-token')).toBe(true);
  });

  it.each(guarded)(
    '%s %s answers 401 with both challenges without a credential',
    async (method, path) => {
      const res = await request(suite.f.t.app)[method.toLowerCase() as 'get'](urlOf(path));
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe(
        'Basic realm="podcast sync", charset="UTF-8", Bearer realm="podcast sync", scope="sync"',
      );
      expect(res.body.detail).toMatch(/app password/);
    },
  );

  it('answers the capabilities without a credential, as get-capabilities.mdx shapes them', async () => {
    const res = await request(suite.f.t.app).get('/v1/capabilities');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ 'urn:opa:core': { '0.1.0': { status: 'UNSTABLE', root: '/v1' } } });
  });

  it('takes an app password over Basic and refuses a wrong one, the web session, a cookie', async () => {
    const u = await suite.f.user('opa-basic');
    expect((await opaClient(suite.f.t.app, u.basic).get('/v1/subscriptions')).status).toBe(200);
    const wrong = await opaClient(suite.f.t.app, basicAuth(u.username, 'AAAA-BBBB')).get(
      '/v1/subscriptions',
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBe('user name or app password refused');
    const web = await request(suite.f.t.app).get('/v1/subscriptions').set('cookie', u.cookie);
    expect(web.status).toBe(401);
    // No protocol session: the gPodder API's cookie is not handed out here.
    const basic = await opaClient(suite.f.t.app, u.basic).get('/v1/episodes');
    expect(basic.headers['set-cookie']).toBeUndefined();
  });

  it('takes a token with the sync scope, and refuses one without it with 403 naming the scope', async () => {
    const u = await suite.f.user('opa-bearer');
    const token = await accessToken(suite.f.t.app, u.cookie, 'sync');
    const ok = await opaClient(suite.f.t.app, `Bearer ${token}`).post('/v1/subscriptions', {
      subscriptions: [{ feed_url: 'https://example.com/feed1' }],
    });
    expect(ok.status).toBe(200);
    // The same user's state, whichever credential wrote it.
    const seen = await opaClient(suite.f.t.app, u.basic).get('/v1/subscriptions');
    expect(seen.body.subscriptions.map((s: { feed_url: string }) => s.feed_url)).toEqual([
      'https://example.com/feed1',
    ]);
    const readOnly = await accessToken(suite.f.t.app, u.cookie, 'corpus:read library:read');
    const refused = await opaClient(suite.f.t.app, `Bearer ${readOnly}`).get('/v1/subscriptions');
    expect(refused.status).toBe(403);
    expect(refused.headers['www-authenticate']).toBe(
      'Bearer error="insufficient_scope", scope="sync"',
    );
    const unknown = await opaClient(suite.f.t.app, 'Bearer pmat_no-such-token').get('/v1/sync');
    expect(unknown.status).toBe(401);
    expect(unknown.headers['www-authenticate']).toMatch(/^Bearer .*error="invalid_token"/);
  });

  it('shows the sync scope on the consent page', async () => {
    const u = await suite.f.user('opa-consent');
    const { client_id: clientId } = await registerClient(suite.f.t.app);
    const page = await requestAuthorization(
      suite.f.t.app,
      u.cookie,
      authorizeQuery(clientId, pkcePair().challenge, { scope: 'sync' }),
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sync a podcast app');
  });

  it('refuses a malformed Client-ID with a 400 naming the header', async () => {
    const u = await suite.f.user('opa-client-id');
    const res = await opaClient(suite.f.t.app, u.basic, 'not-a-uuid').post('/v1/sync', {
      requests: [
        {
          type: 'subscription',
          action: 'subscribe',
          action_id: 'a651fd88-555d-4ac4-bdbb-e35846aa4da9',
          occurred_at: '2026-07-11T15:30:00.1Z',
          data: { feed_url: 'https://example.com/feed1' },
        },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'header.Client-ID', message: 'not a UUID' }]);
    const get = await opaClient(suite.f.t.app, u.basic, 'not-a-uuid').get('/v1/sync');
    expect(get.status).toBe(400);
    expect(get.body.detail).toBe('header Client-ID: a UUID is required');
  });

  it('asks for a credential in development too, where the web app needs none', async () => {
    const dev = await buildTestApp();
    try {
      const res = await request(dev.app).get('/v1/subscriptions');
      expect(res.status).toBe(401);
      expect((await request(dev.app).get('/v1/capabilities')).status).toBe(200);
    } finally {
      await dev.close();
    }
  });

  it('describes each route in /openapi.json with both credentials and the statuses it answers', async () => {
    const doc = (await request(suite.f.t.app).get('/openapi.json')).body;
    const sync = doc.paths['/v1/sync'].post;
    expect(sync.security).toEqual([{ appPassword: [] }, { oauthAccessToken: ['sync'] }]);
    expect(Object.keys(sync.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '429']),
    );
    expect(doc.paths['/v1/capabilities'].get.security).toEqual([]);
    expect(Object.keys(doc.paths['/v1/subscriptions/{guid}'].delete.responses)).toEqual(
      expect.arrayContaining(['202', '404', '410']),
    );
  });
});

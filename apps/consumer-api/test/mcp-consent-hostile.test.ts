import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildProductionTestApp, buildTestApp, type TestApp } from './support/build-test-app.js';
import {
  authorizeQuery,
  connectedClient,
  pkcePair,
  registerClient,
  requestAuthorization,
} from './support/mcp-oauth-flow.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

/*
 * The authorization endpoint and its consent page against a client that
 * registered an attacker's site: no redirect there without the user's
 * consent, and a page that says what the scopes read and cannot be
 * reordered by the client's name.
 */

const BASE = 'https://podcast.example';
const PHISH = 'https://evil.example/phish';

let t: TestApp;
let cookie = '';

beforeAll(async () => {
  t = await buildProductionTestApp('an-mcp-consent-test-secret-of-32-chars!', {
    env: { PUBLIC_BASE_URL: BASE },
  });
  cookie = (await sessionCookieFor(t.ctx, 'consent-user', { ttlMs: 86_400_000 })).cookie;
});

afterAll(async () => {
  await t.close();
});

/** The authorization request of a client registered for the phishing page, `extra` over it. */
function phishingQuery(clientId: string, extra: Record<string, string>) {
  return authorizeQuery(clientId, pkcePair().challenge, { redirect_uri: PHISH, ...extra });
}

const BAD_REQUESTS: [Record<string, string>, string, string][] = [
  [{ response_type: 'bad' }, 'unsupported_response_type', 'response_type'],
  [{ code_challenge_method: 'plain' }, 'invalid_request', 'code_challenge_method'],
  [{ code_challenge: 'short' }, 'invalid_request', 'code_challenge'],
  [{ scope: 'admin' }, 'invalid_scope', 'scope'],
  [{ resource: 'https://elsewhere.example/api/app/mcp' }, 'invalid_target', 'resource'],
];

describe('errors of a client the user never connected', () => {
  let phisher = '';
  beforeAll(async () => {
    phisher = (await registerClient(t.app, { redirect_uris: [PHISH] })).client_id;
  });

  it.each(BAD_REQUESTS)(
    'shows %j here as %s naming %s, sending nothing to its site',
    async (extra, error, field) => {
      const res = await requestAuthorization(t.app, cookie, phishingQuery(phisher, extra));
      expect(res.status).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.error).toBe(error);
      expect(res.body.detail).toContain(field);
      expect(res.text).not.toContain('evil.example');
    },
  );

  it('does not redirect on a development server, where no session is needed', async () => {
    const dev = await buildTestApp({ env: { PUBLIC_BASE_URL: BASE } });
    try {
      const { client_id: clientId } = await registerClient(dev.app, { redirect_uris: [PHISH] });
      const res = await request(dev.app)
        .get('/api/app/mcp/oauth/authorize')
        .query(phishingQuery(clientId, { response_type: 'bad' }));
      expect(res.status).toBe(400);
      expect(res.headers.location).toBeUndefined();
    } finally {
      await dev.close();
    }
  });
});

describe('errors of a client the user connected', () => {
  it('goes back to the client while the grant lives, and is shown again once revoked', async () => {
    const { clientId } = await connectedClient(t.app, cookie);
    const bad = authorizeQuery(clientId, pkcePair().challenge, { response_type: 'bad' });
    const sent = await requestAuthorization(t.app, cookie, bad);
    expect(sent.status).toBe(302);
    expect(new URL(sent.headers.location as string).searchParams.get('error')).toBe(
      'unsupported_response_type',
    );

    const other = (await sessionCookieFor(t.ctx, 'someone-else')).cookie;
    expect((await requestAuthorization(t.app, other, bad)).status).toBe(400);

    const grants = await request(t.app).get('/api/app/mcp/grants').set('Cookie', cookie);
    const grant = grants.body.items.find(
      (item: { client_id: string }) => item.client_id === clientId,
    );
    await request(t.app).delete(`/api/app/mcp/grants/${grant.id}`).set('Cookie', cookie);
    const revoked = await requestAuthorization(t.app, cookie, bad);
    expect(revoked.status).toBe(400);
    expect(revoked.headers.location).toBeUndefined();
  });
});

describe('the consent page', () => {
  it('says that library:read reads highlights as well as the shows followed', async () => {
    const { client_id: clientId } = await registerClient(t.app);
    const page = await requestAuthorization(
      t.app,
      cookie,
      authorizeQuery(clientId, pkcePair().challenge, { scope: 'library:read' }),
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain('shows you follow');
    expect(page.text).toMatch(/highlights[^<]*quotes/);
  });

  it('drops bidirectional controls from a name stored before registration refused them', async () => {
    const { client_id: clientId } = await registerClient(t.app);
    await t.ctx.db
      .updateTable('mcp_oauth_clients')
      .set({ client_name: 'Safe\u202eelpmaxe.live\u2066 Agent' })
      .where('client_id', '=', clientId)
      .execute();
    const page = await requestAuthorization(
      t.app,
      cookie,
      authorizeQuery(clientId, pkcePair().challenge),
    );
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(page.text).toContain('<title>Connect Safeelpmaxe.live Agent</title>');
    expect(page.text).toContain('<h1>Allow <bdi>Safeelpmaxe.live Agent</bdi>');
  });
});

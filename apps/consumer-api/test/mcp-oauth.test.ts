import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MCP_OAUTH_LIMITS, MCP_SCOPES } from '@podcast/contracts';
import request from 'supertest';
import {
  buildProductionTestApp,
  buildTestApp,
  servedSnapshot,
  type TestApp,
} from './support/build-test-app.js';
import {
  authorizeQuery,
  connectedClient,
  consentCode,
  mcpCall,
  openConsentPage,
  pkcePair,
  REDIRECT,
  registerClient,
  requestAuthorization,
  TOOLS_IN_ORDER,
  tokenRequest,
} from './support/mcp-oauth-flow.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

const BASE = 'https://podcast.example';
const SECRET = 'an-mcp-oauth-test-secret-of-32-chars!!';

let t: TestApp;
let cookie = '';
let otherCookie = '';
let clockOffsetMs = 0;

beforeAll(async () => {
  t = await buildProductionTestApp(SECRET, {
    env: { PUBLIC_BASE_URL: BASE },
    now: () => new Date(Date.now() + clockOffsetMs),
  });
  cookie = (await sessionCookieFor(t.ctx, 'oauth-user', { ttlMs: 30 * 86_400_000 })).cookie;
  otherCookie = (await sessionCookieFor(t.ctx, 'other-user', { ttlMs: 30 * 86_400_000 })).cookie;
});

afterAll(async () => {
  await t.close();
});

describe('metadata', () => {
  it('publishes the authorization server metadata of PUBLIC_BASE_URL', async () => {
    const res = await request(t.app).get('/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      issuer: BASE,
      authorization_endpoint: `${BASE}/api/app/mcp/oauth/authorize`,
      token_endpoint: `${BASE}/api/app/mcp/oauth/token`,
      registration_endpoint: `${BASE}/api/app/mcp/oauth/register`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      response_types_supported: ['code'],
    });
  });

  it.each([
    '/.well-known/oauth-protected-resource/api/app/mcp',
    '/.well-known/oauth-protected-resource',
  ])('publishes the resource metadata at %s', async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      resource: `${BASE}/api/app/mcp`,
      authorization_servers: [BASE],
      scopes_supported: ['corpus:read', 'library:read'],
    });
  });

  it('derives the issuer from the Host without PUBLIC_BASE_URL, and refuses a forged Host', async () => {
    const dev = await buildTestApp();
    try {
      const ok = await request(dev.app)
        .get('/.well-known/oauth-authorization-server')
        .set('Host', 'localhost:8001');
      expect(ok.body.issuer).toBe('http://localhost:8001');
      const bad = await request(dev.app)
        .get('/.well-known/oauth-authorization-server')
        .set('Host', 'evil.example/"><script>');
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toContain('host');
    } finally {
      await dev.close();
    }
  });
});

describe('POST /api/app/mcp/oauth/register', () => {
  it('registers a public client, ignoring metadata it does not know', async () => {
    const res = await request(t.app)
      .post('/api/app/mcp/oauth/register')
      .send({
        redirect_uris: [REDIRECT, 'myapp.example:/cb'],
        client_name: 'Agent',
        token_endpoint_auth_method: 'none',
        unknown_field: 'dropped',
      });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      client_name: 'Agent',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: MCP_SCOPES.join(' '),
    });
    expect(res.body.client_secret).toBeUndefined();
    expect(res.body.unknown_field).toBeUndefined();
  });

  it('gives a confidential client a secret that the token endpoint checks', async () => {
    const client = await registerClient(t.app, {
      token_endpoint_auth_method: 'client_secret_basic',
    });
    expect(client.client_secret).toMatch(/^pmcs_/);
    const basic = (secret: string) =>
      `Basic ${Buffer.from(`${client.client_id}:${secret}`).toString('base64')}`;
    const refreshUnknownToken = (extra: Record<string, string> = {}) =>
      tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: 'x', ...extra });
    const wrong = await refreshUnknownToken().set('Authorization', basic('not-the-secret'));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      error: 'invalid_client',
      error_description: 'client_secret: wrong',
    });
    expect(wrong.headers['www-authenticate']).toContain('Basic');
    const right = await refreshUnknownToken().set(
      'Authorization',
      basic(client.client_secret as string),
    );
    expect(right.status).toBe(400);
    expect(right.body.error).toBe('invalid_grant');
    const missing = await refreshUnknownToken({ client_id: client.client_id });
    expect(missing.status).toBe(401);
  });

  it.each([
    ['javascript:alert(1)', 'redirect_uris.0'],
    ['http://evil.example/cb', 'loopback'],
    ['https://app.example/cb#frag', 'fragment'],
    ['https://user:pw@app.example/cb', 'credentials'],
    ['/relative/cb', 'absolute'],
  ])('refuses the redirect URI %s as invalid_redirect_uri (%s)', async (uri, words) => {
    const res = await request(t.app)
      .post('/api/app/mcp/oauth/register')
      .send({ redirect_uris: [uri] });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.error).toBe('invalid_redirect_uri');
    expect(res.body.error_description).toContain(words);
  });

  it.each([
    [{ redirect_uris: [] }, 'invalid_redirect_uri', 'redirect_uris'],
    [{ redirect_uris: Array(11).fill(REDIRECT) }, 'invalid_redirect_uri', 'redirect_uris'],
    [
      { redirect_uris: [REDIRECT], client_name: 'é'.repeat(128) },
      'invalid_client_metadata',
      'client_name',
    ],
    [
      { redirect_uris: [REDIRECT], client_name: 'a\u0000b' },
      'invalid_client_metadata',
      'client_name',
    ],
    [{ redirect_uris: [REDIRECT], scope: 'admin' }, 'invalid_client_metadata', 'scope'],
    [
      { redirect_uris: [REDIRECT], grant_types: ['refresh_token'] },
      'invalid_client_metadata',
      'grant_types',
    ],
    [
      { redirect_uris: [REDIRECT], grant_types: ['password'] },
      'invalid_client_metadata',
      'grant_types',
    ],
    [
      { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'private_key_jwt' },
      'invalid_client_metadata',
      'token_endpoint_auth_method',
    ],
    [
      { redirect_uris: [REDIRECT], logo_uri: 'javascript:x' },
      'invalid_client_metadata',
      'logo_uri',
    ],
  ])('refuses %j as %s naming %s', async (body, error, field) => {
    const res = await request(t.app).post('/api/app/mcp/oauth/register').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect(res.body.error_description).toContain(field);
  });

  it('refuses malformed JSON and an oversize body without a 500', async () => {
    const bad = await request(t.app)
      .post('/api/app/mcp/oauth/register')
      .set('Content-Type', 'application/json')
      .send('{"redirect_uris": [');
    expect(bad.status).toBe(400);
    const big = await request(t.app)
      .post('/api/app/mcp/oauth/register')
      .send({ redirect_uris: [REDIRECT], client_name: 'x', padding: 'y'.repeat(20_000) });
    expect(big.status).toBe(413);
  });
});

describe('GET /api/app/mcp/oauth/authorize', () => {
  let clientId = '';
  const { challenge } = pkcePair();
  beforeAll(async () => {
    clientId = (await registerClient(t.app, { client_name: '<script>alert(1)</script>' }))
      .client_id;
    // Connected once, so the user has let this client hear about errors.
    await consentCode(t.app, cookie, authorizeQuery(clientId, challenge));
  });
  /** The authorization request of this client as the signed-in user, `extra` over the defaults. */
  const authorizeAsUser = (extra: Record<string, string> = {}) =>
    requestAuthorization(t.app, cookie, authorizeQuery(clientId, challenge, extra));

  it('answers 401 without a session in production', async () => {
    const res = await request(t.app)
      .get('/api/app/mcp/oauth/authorize')
      .query(authorizeQuery(clientId, challenge));
    expect(res.status).toBe(401);
  });

  it('shows a consent page that cannot be framed, cached or scripted through the client name', async () => {
    const res = await authorizeAsUser();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).not.toContain('<script>');
    expect(res.text).toContain('&#60;script&#62;');
  });

  it('lets a loopback redirect use another port (RFC 8252)', async () => {
    const res = await authorizeAsUser({ redirect_uri: 'http://127.0.0.1:51234/callback' });
    expect(res.status).toBe(200);
  });

  it.each([
    [{ client_id: 'mcp_unknown' }, 'client_id'],
    [{ client_id: '' }, 'client_id'],
    [{ redirect_uri: 'https://evil.example/callback' }, 'redirect_uri'],
    [{ redirect_uri: 'http://127.0.0.1:7777/other' }, 'redirect_uri'],
  ])('shows %j as a 400 naming %s and sends nothing anywhere', async (extra, field) => {
    const res = await authorizeAsUser(extra);
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body.detail).toContain(field);
  });

  it.each([
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ code_challenge_method: 'plain' }, 'invalid_request'],
    [{ code_challenge: 'short' }, 'invalid_request'],
    [{ scope: 'corpus:read admin' }, 'invalid_scope'],
    [{ resource: 'https://elsewhere.example/api/app/mcp' }, 'invalid_target'],
  ])('sends %j back to a connected client as %s with state and iss', async (extra, error) => {
    const res = await authorizeAsUser(extra);
    expect(res.status).toBe(302);
    const back = new URL(res.headers.location as string);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe(error);
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.get('iss')).toBe(BASE);
  });

  it('refuses a repeated parameter with a 400 naming it', async () => {
    const res = await request(t.app)
      .get(`/api/app/mcp/oauth/authorize?client_id=${clientId}&client_id=${clientId}`)
      .set('Cookie', cookie);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('query.client_id');
  });
});

describe('POST /api/app/mcp/oauth/authorize (the decision)', () => {
  let clientId = '';
  const { challenge } = pkcePair();
  beforeAll(async () => {
    clientId = (await registerClient(t.app)).client_id;
  });
  const decide = (who: string, requestId: string, decision = 'allow') =>
    request(t.app)
      .post('/api/app/mcp/oauth/authorize')
      .set('Cookie', who)
      .type('form')
      .send({ request_id: requestId, decision });

  it('sends a denial back as access_denied, and decides each request once', async () => {
    const requestId = await openConsentPage(t.app, cookie, authorizeQuery(clientId, challenge));
    const denied = await decide(cookie, requestId, 'deny');
    expect(denied.status).toBe(303);
    const back = new URL(denied.headers.location as string);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-1');
    const again = await decide(cookie, requestId, 'allow');
    expect(again.status).toBe(400);
    expect(again.body.detail).toContain('request_id');
  });

  it("does not let another user decide someone's request", async () => {
    const requestId = await openConsentPage(t.app, cookie, authorizeQuery(clientId, challenge));
    expect((await decide(otherCookie, requestId)).status).toBe(400);
    expect((await decide(cookie, requestId)).status).toBe(303);
  });

  it('decides once when the same form is posted twenty times at once', async () => {
    const requestId = await openConsentPage(t.app, cookie, authorizeQuery(clientId, challenge));
    const answers = await Promise.all(Array.from({ length: 20 }, () => decide(cookie, requestId)));
    expect(answers.filter((a) => a.status === 303)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(19);
  });

  it.each([
    [{ request_id: 'x', decision: 'allow' }, 'request_id'],
    [{ request_id: 'a'.repeat(32), decision: 'maybe' }, 'decision'],
  ])('refuses %j with a 400 naming %s', async (form, field) => {
    const res = await request(t.app)
      .post('/api/app/mcp/oauth/authorize')
      .set('Cookie', cookie)
      .type('form')
      .send(form);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(field);
  });

  it('takes only a form post', async () => {
    const res = await request(t.app)
      .post('/api/app/mcp/oauth/authorize')
      .set('Cookie', cookie)
      .send({ request_id: 'a'.repeat(32), decision: 'allow' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('body');
  });
});

describe('POST /api/app/mcp/oauth/token', () => {
  it.each([
    [{}, 'invalid_request', 'grant_type'],
    [{ grant_type: 'password' }, 'unsupported_grant_type', 'grant_type'],
    [
      { grant_type: 'authorization_code', client_id: 'mcp_nobody', code: 'c', code_verifier: 'v' },
      'invalid_client',
      'client_id',
    ],
  ])('refuses %j as %s naming %s', async (form, error, field) => {
    const res = await tokenRequest(t.app, form as Record<string, string>);
    expect([400, 401]).toContain(res.status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.error).toBe(error);
    expect(res.body.error_description).toContain(field);
  });

  it('takes only a form post', async () => {
    const res = await request(t.app)
      .post('/api/app/mcp/oauth/token')
      .send({ grant_type: 'refresh_token' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  async function freshCode(extra: Record<string, string> = {}) {
    const { client_id: clientId } = await registerClient(t.app);
    const pair = pkcePair();
    const code = await consentCode(t.app, cookie, authorizeQuery(clientId, pair.challenge, extra));
    return { clientId, code, ...pair };
  }

  /** The token request that redeems `code` with `verifier` as `clientId`, `extra` fields added. */
  function redeemCode(
    { clientId, code, verifier }: { clientId: string; code: string; verifier: string },
    extra: Record<string, string> = {},
  ) {
    return tokenRequest(t.app, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: clientId,
      ...extra,
    });
  }

  it('burns a code whose verifier is wrong', async () => {
    const fresh = await freshCode();
    const wrong = await redeemCode({ ...fresh, verifier: pkcePair().verifier });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_description).toContain('code_verifier');
    const right = await redeemCode(fresh);
    expect(right.status).toBe(400);
    expect(right.body.error).toBe('invalid_grant');
  });

  it('refuses the code to another client and on another redirect_uri', async () => {
    const fresh = await freshCode();
    const other = await registerClient(t.app);
    const stolen = await redeemCode({ ...fresh, clientId: other.client_id });
    expect(stolen.body.error).toBe('invalid_grant');
    const moved = await redeemCode(fresh, { redirect_uri: 'http://127.0.0.1:7777/elsewhere' });
    expect(moved.body).toMatchObject({ error: 'invalid_grant' });
    expect(moved.body.error_description).toContain('redirect_uri');
  });

  it('redeems a code once under twenty concurrent exchanges, and a replay revokes its tokens', async () => {
    const fresh = await freshCode();
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeemCode(fresh)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.body.error === 'invalid_grant')).toHaveLength(19);
    // The losers were replays: the winner's tokens no longer work.
    const call = await mcpCall(t.app, won[0]?.body.access_token, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
    });
    expect(call.status).toBe(401);
  });

  it('refuses an expired code', async () => {
    const fresh = await freshCode();
    clockOffsetMs = 6 * 60_000;
    try {
      const res = await redeemCode(fresh);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_grant');
      expect(res.body.error_description).toContain('expired');
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('narrows scope on refresh but never widens it, and refuses another resource', async () => {
    const { clientId, refresh } = await connectedClient(t.app, cookie);
    const refreshWith = (extra: Record<string, string>) =>
      tokenRequest(t.app, {
        grant_type: 'refresh_token',
        refresh_token: refresh,
        client_id: clientId,
        ...extra,
      });
    const wider = await refreshWith({ scope: 'corpus:read library:read admin' });
    expect(wider.body.error).toBe('invalid_scope');
    // A write scope the user never granted is not a refresh away: it takes a new consent.
    const writing = await refreshWith({ scope: 'corpus:read library:read library:write' });
    expect(writing.body.error).toBe('invalid_scope');
    const elsewhere = await refreshWith({ resource: 'https://elsewhere.example/api/app/mcp' });
    expect(elsewhere.body.error).toBe('invalid_target');
    const narrower = await refreshWith({ scope: 'library:read' });
    expect(narrower.status).toBe(200);
    expect(narrower.body.scope).toBe('library:read');
    const call = (name: string) =>
      mcpCall(t.app, narrower.body.access_token, {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name, arguments: {} },
      });
    expect((await call('my_library')).status).toBe(200);
    const searching = await call('search_corpus');
    expect(searching.status).toBe(403);
    expect(searching.headers['www-authenticate']).toContain('scope="corpus:read library:read"');
  });

  it('refuses an access token after its hour', async () => {
    const { access } = await connectedClient(t.app, cookie);
    clockOffsetMs = 3601_000;
    try {
      const res = await mcpCall(t.app, access, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(res.status).toBe(401);
    } finally {
      clockOffsetMs = 0;
    }
  });
});

describe('the MCP endpoint', () => {
  let access = '';
  beforeAll(async () => {
    access = (await connectedClient(t.app, cookie, { scope: 'corpus:read' })).access;
  });

  it('answers 401 naming the resource metadata without a token, and with a malformed one', async () => {
    const none = await request(t.app)
      .post('/api/app/mcp')
      .send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${BASE}/.well-known/oauth-protected-resource/api/app/mcp", ` +
        'scope="corpus:read library:read"',
    );
    const malformed = await request(t.app)
      .post('/api/app/mcp')
      .set('Authorization', 'Bearer "quoted"')
      .send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(malformed.status).toBe(401);
    expect(malformed.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('lists every tool in one fixed order, whatever the scopes, each with its annotations', async () => {
    const res = await mcpCall(t.app, access, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.status).toBe(200);
    const tools: { name: string; annotations?: { readOnlyHint?: boolean } }[] =
      res.body.result.tools;
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS_IN_ORDER);
    expect(tools.every((tool) => typeof tool.annotations?.readOnlyHint === 'boolean')).toBe(true);
  });

  it('answers a tool error for an unknown episode and bad arguments, never a 500', async () => {
    const unknown = await mcpCall(t.app, access, {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'episode_insights', arguments: { episode_slug: 'no-such-episode' } },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body.result.isError).toBe(true);
    expect(unknown.body.result.content[0].text).toContain('no-such-episode');
    const bad = await mcpCall(t.app, access, {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'search_corpus', arguments: { query: '', top_k: 1000 } },
    });
    expect(bad.status).toBe(200);
    expect(JSON.stringify(bad.body)).toMatch(/query|top_k/);
    const unknownTool = await mcpCall(t.app, access, {
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'no_such_tool', arguments: {} },
    });
    expect(unknownTool.status).toBe(200);
    expect(JSON.stringify(unknownTool.body)).toContain('no_such_tool');
    expect(unknownTool.body.result?.structuredContent).toBeUndefined();
  });

  it('walks the graph from a topic of the corpus', async () => {
    const snapshot = await servedSnapshot(t);
    const episode = snapshot.episodes.find((e) => e.has_gi) ?? snapshot.episodes[0];
    const insights = await mcpCall(t.app, access, {
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'episode_insights', arguments: { episode_slug: episode?.slug, limit: 3 } },
    });
    const content = insights.body.result.structuredContent;
    expect(content.insights.length).toBeGreaterThan(0);
    expect(content.insights.length).toBeLessThanOrEqual(3);
    const related = await mcpCall(t.app, access, {
      jsonrpc: '2.0',
      id: 6,
      method: 'tools/call',
      params: {
        name: 'graph_related',
        arguments: { relation: 'related_insights', id: content.insights[0].id, k: 5 },
      },
    });
    expect(related.body.result.isError).toBeFalsy();
    expect(Array.isArray(related.body.result.structuredContent.items)).toBe(true);
  });

  it.each([
    ['not JSON-RPC', { hello: 'world' }],
    ['an empty batch', []],
    [
      'a batch over 50',
      Array.from({ length: 51 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })),
    ],
  ])('refuses %s with a JSON-RPC -32600 naming the body', async (_what, body) => {
    const res = await mcpCall(t.app, access, body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(res.body.error.message).toContain('body');
  });

  it('answers whatever Host header arrives behind PUBLIC_BASE_URL', async () => {
    const res = await mcpCall(t.app, access, { jsonrpc: '2.0', id: 9, method: 'tools/list' }).set(
      'Host',
      'not a host',
    );
    expect(res.status).toBe(200);
    expect(res.body.result.tools.length).toBeGreaterThan(0);
  });

  it('answers a client that accepts no JSON with 406, and a body that is not JSON with 400', async () => {
    const noAccept = await request(t.app)
      .post('/api/app/mcp')
      .set('Authorization', `Bearer ${access}`)
      .set('Accept', 'text/html')
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(noAccept.status).toBe(406);
    const text = await request(t.app)
      .post('/api/app/mcp')
      .set('Authorization', `Bearer ${access}`)
      .set('Accept', 'application/json, text/event-stream')
      .set('Content-Type', 'text/plain')
      .send('{"jsonrpc":"2.0"}');
    expect(text.status).toBe(400);
    const broken = await request(t.app)
      .post('/api/app/mcp')
      .set('Authorization', `Bearer ${access}`)
      .set('Content-Type', 'application/json')
      .send('{"jsonrpc": ');
    expect(broken.status).toBe(400);
  });

  it('has no server-sent stream: GET is 405', async () => {
    const res = await request(t.app).get('/api/app/mcp').set('Authorization', `Bearer ${access}`);
    expect(res.status).toBe(405);
  });
});

describe('GET and DELETE /api/app/mcp/grants', () => {
  it("lists the user's connected clients and revokes one, never another user's", async () => {
    const { clientId } = await connectedClient(t.app, cookie);
    const list = await request(t.app).get('/api/app/mcp/grants').set('Cookie', cookie);
    expect(list.status).toBe(200);
    const grant = list.body.items.find(
      (item: { client_id: string }) => item.client_id === clientId,
    );
    expect(grant).toMatchObject({
      scope: 'corpus:read library:read',
      resource: `${BASE}/api/app/mcp`,
    });
    const foreign = await request(t.app)
      .delete(`/api/app/mcp/grants/${grant.id}`)
      .set('Cookie', otherCookie);
    expect(foreign.status).toBe(404);
    const mine = await request(t.app)
      .delete(`/api/app/mcp/grants/${grant.id}`)
      .set('Cookie', cookie);
    expect(mine.status).toBe(204);
    const again = await request(t.app)
      .delete(`/api/app/mcp/grants/${grant.id}`)
      .set('Cookie', cookie);
    expect(again.status).toBe(404);
  });

  it('refuses a malformed grant id with a 400 naming it', async () => {
    const res = await request(t.app)
      .delete('/api/app/mcp/grants/not-a-grant')
      .set('Cookie', cookie);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('grant_id');
  });

  it('replaces the grant when the user consents to the same client again', async () => {
    const { client_id: clientId } = await registerClient(t.app);
    for (let i = 0; i < 2; i += 1) {
      await consentCode(t.app, cookie, authorizeQuery(clientId, pkcePair().challenge));
    }
    const list = await request(t.app).get('/api/app/mcp/grants').set('Cookie', cookie);
    expect(
      list.body.items.filter((item: { client_id: string }) => item.client_id === clientId),
    ).toHaveLength(1);
  });

  it('refuses a consent past the live-grant cap until the user revokes one', async () => {
    const capped = await sessionCookieFor(t.ctx, 'grant-cap-user', { ttlMs: 86_400_000 });
    const { client_id: filler } = await registerClient(t.app);
    // The cap counts live grants; one client with distinct resources fills it without 50 registrations.
    await t.ctx.db
      .insertInto('mcp_oauth_grants')
      .values(
        Array.from({ length: MCP_OAUTH_LIMITS.grantsPerUser }, (_, i) => ({
          id: `g_ca${i.toString(16).padStart(22, '0')}`,
          user_id: capped.user.id,
          client_id: filler,
          scope: 'corpus:read',
          resource: `https://filler.example/${i}`,
        })),
      )
      .execute();
    const { client_id: clientId } = await registerClient(t.app);
    const consent = async () => {
      const requestId = await openConsentPage(
        t.app,
        capped.cookie,
        authorizeQuery(clientId, pkcePair().challenge),
      );
      const answer = await request(t.app)
        .post('/api/app/mcp/oauth/authorize')
        .set('Cookie', capped.cookie)
        .type('form')
        .send({ request_id: requestId, decision: 'allow' });
      expect(answer.status).toBe(303);
      return new URL(answer.headers.location as string).searchParams;
    };
    const refused = await consent();
    expect(refused.get('error')).toBe('access_denied');
    expect(refused.get('error_description')).toContain(`${MCP_OAUTH_LIMITS.grantsPerUser}`);
    expect(refused.get('code')).toBeNull();
    const revoked = await request(t.app)
      .delete(`/api/app/mcp/grants/g_ca${'0'.repeat(22)}`)
      .set('Cookie', capped.cookie);
    expect(revoked.status).toBe(204);
    const allowed = await consent();
    expect(allowed.get('error')).toBeNull();
    expect(allowed.get('code')).toMatch(/^pmcc_/);
  });
});

describe('in development', () => {
  it('lets the local user consent without signing in, and still wants a token at the endpoint', async () => {
    const dev = await buildTestApp({ env: { PUBLIC_BASE_URL: BASE } });
    try {
      const { clientId, access } = await connectedClient(dev.app, '');
      const grants = await request(dev.app).get('/api/app/mcp/grants');
      expect(grants.body.items.map((item: { client_id: string }) => item.client_id)).toEqual([
        clientId,
      ]);
      const tools = await mcpCall(dev.app, access, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(tools.status).toBe(200);
      const none = await request(dev.app)
        .post('/api/app/mcp')
        .send({ jsonrpc: '2.0', id: 1, method: 'ping' });
      expect(none.status).toBe(401);
    } finally {
      await dev.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { consumerRoutes } from '../src/routes/index.js';
import { CROSS_ORIGIN_ROUTES } from '../src/routes/mcp/cors.js';
import { buildProductionTestApp, type TestApp } from './support/build-test-app.js';
import { connectedClient, REDIRECT, tokenRequest } from './support/mcp-oauth-flow.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

/*
 * What a browser MCP client (one running in a web page of another origin)
 * needs: CORS on discovery, registration, token and the MCP endpoint, and
 * nowhere else; the endpoint itself only for an origin MCP_ALLOWED_ORIGINS
 * lists; and transport errors it can parse as JSON-RPC.
 */

const BASE = 'https://podcast.example';
const ORIGIN = 'https://agent.example';

let t: TestApp;
let access = '';

beforeAll(async () => {
  t = await buildProductionTestApp('an-mcp-browser-test-secret-of-32-chars', {
    env: { PUBLIC_BASE_URL: BASE, MCP_ALLOWED_ORIGINS: ORIGIN },
  });
  const { cookie } = await sessionCookieFor(t.ctx, 'browser-user');
  access = (await connectedClient(t.app, cookie)).access;
});

afterAll(async () => {
  await t.close();
});

/** The preflight a browser on `origin` sends before a cross-origin call with these headers. */
function preflight(path: string, method: string, origin = ORIGIN) {
  return request(t.app)
    .options(path)
    .set('Origin', origin)
    .set('Access-Control-Request-Method', method)
    .set('Access-Control-Request-Headers', 'authorization,content-type,mcp-protocol-version');
}

describe('CORS for browser MCP clients', () => {
  it.each([
    ['/.well-known/oauth-authorization-server', 'GET', '*'],
    ['/.well-known/oauth-protected-resource/api/app/mcp', 'GET', '*'],
    ['/.well-known/oauth-protected-resource', 'GET', '*'],
    ['/api/app/mcp/oauth/register', 'POST', '*'],
    ['/api/app/mcp/oauth/token', 'POST', '*'],
    ['/api/app/mcp', 'POST', ORIGIN],
  ])('answers the preflight of %s, without credentials', async (path, method, allowOrigin) => {
    const res = await preflight(path, method);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(allowOrigin);
    expect(res.headers['access-control-allow-methods']).toBe(method);
    const allowed = (res.headers['access-control-allow-headers'] ?? '').toLowerCase().split(', ');
    expect(allowed).toEqual(
      expect.arrayContaining([
        'authorization',
        'content-type',
        'mcp-protocol-version',
        'mcp-session-id',
        'last-event-id',
      ]),
    );
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
  });

  it('answers a listed page by its origin and refuses any other, preflight first', async () => {
    const listed = await preflight('/api/app/mcp', 'POST');
    expect(listed.headers.vary).toContain('Origin');
    const other = await preflight('/api/app/mcp', 'POST', 'https://elsewhere.example');
    expect(other.status).toBe(403);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    // Discovery and the token endpoint stay open to any page: they hand out nothing by origin.
    const discovery = await preflight(
      '/api/app/mcp/oauth/token',
      'POST',
      'https://elsewhere.example',
    );
    expect(discovery.headers['access-control-allow-origin']).toBe('*');
  });

  it('lets a page read the 401 challenge that names the resource metadata', async () => {
    const res = await request(t.app)
      .post('/api/app/mcp')
      .set('Origin', ORIGIN)
      .send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(res.status).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    const exposed = (res.headers['access-control-expose-headers'] ?? '').toLowerCase().split(', ');
    expect(exposed).toEqual(expect.arrayContaining(['www-authenticate', 'mcp-session-id']));
    expect(res.headers['www-authenticate']).toContain('resource_metadata=');
  });

  it('sends the CORS headers on answers of discovery, registration, token and the endpoint', async () => {
    const answers = [
      await request(t.app).get('/.well-known/oauth-authorization-server').set('Origin', ORIGIN),
      await request(t.app)
        .post('/api/app/mcp/oauth/register')
        .set('Origin', ORIGIN)
        .send({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
      await tokenRequest(t.app, { grant_type: 'password' }).set('Origin', ORIGIN),
      await request(t.app)
        .post('/api/app/mcp')
        .set('Origin', ORIGIN)
        .set('Authorization', `Bearer ${access}`)
        .set('Accept', 'application/json, text/event-stream')
        .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 201, 400, 200]);
    expect(answers.map((res) => res.headers['access-control-allow-origin'])).toEqual([
      '*',
      '*',
      '*',
      ORIGIN,
    ]);
    for (const res of answers) {
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  const others = consumerRoutes
    .filter((route) => !CROSS_ORIGIN_ROUTES.includes(route))
    .map((route) => [route.method.toUpperCase(), route.path.replace(/\{[^}]+\}/g, 'x')]);

  it.each(others)('gives %s %s no CORS, on the preflight or the answer', async (method, path) => {
    const pre = await preflight(path, method);
    expect(pre.status).toBe(404);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const res = await request(t.app)[method.toLowerCase() as 'get'](path).set('Origin', ORIGIN);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('transport errors of the MCP endpoint', () => {
  /** A POST to the endpoint with a valid token and `body` as sent, typed JSON. */
  const post = (body: string) =>
    request(t.app)
      .post('/api/app/mcp')
      .set('Authorization', `Bearer ${access}`)
      .set('Accept', 'application/json, text/event-stream')
      .set('Content-Type', 'application/json')
      .send(body);

  it('answers malformed JSON with a JSON-RPC parse error, not a problem document', async () => {
    const res = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error: body: malformed JSON' },
      id: null,
    });
  });

  it.each([
    ['an object that is not JSON-RPC', '{"hello": "world"}'],
    ['another JSON-RPC version', '{"jsonrpc": "1.0", "id": 1, "method": "ping"}'],
    ['a batch holding a number', '[{"jsonrpc": "2.0", "method": "ping"}, 3]'],
    ['an empty batch', '[]'],
  ])('answers %s with a JSON-RPC invalid request naming the body', async (_what, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 }, id: null });
    expect(res.body.error.message).toMatch(/^Invalid Request: body/);
  });

  it('still answers a good message', async () => {
    const res = await post('{"jsonrpc": "2.0", "id": 7, "method": "ping"}');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
  });
});

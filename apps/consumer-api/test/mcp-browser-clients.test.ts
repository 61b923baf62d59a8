import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildProductionTestApp, type TestApp } from './support/build-test-app.js';
import { connectedClient } from './support/mcp-oauth-flow.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

/*
 * What a browser MCP client (one running in a web page of another origin)
 * needs: transport errors it can parse as JSON-RPC.
 */

const BASE = 'https://podcast.example';

let t: TestApp;
let access = '';

beforeAll(async () => {
  t = await buildProductionTestApp('an-mcp-browser-test-secret-of-32-chars', {
    env: { PUBLIC_BASE_URL: BASE },
  });
  const { cookie } = await sessionCookieFor(t.ctx, 'browser-user');
  access = (await connectedClient(t.app, cookie)).access;
});

afterAll(async () => {
  await t.close();
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

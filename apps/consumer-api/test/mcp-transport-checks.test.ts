import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import request from 'supertest';
import { buildProductionTestApp, buildTestApp, type TestApp } from './support/build-test-app.js';
import { type LoopbackServer, listenOnLoopback, mcpTransport } from './support/mcp-client.js';
import { connectedClient, mcpCall } from './support/mcp-oauth-flow.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

/*
 * What the Streamable HTTP transport asks of the endpoint besides the
 * token: the Origin check against DNS rebinding (403 for a page of an
 * origin neither this server's nor listed in MCP_ALLOWED_ORIGINS) and the
 * MCP-Protocol-Version check (400 naming the versions spoken).
 */

const SECRET = 'an-mcp-transport-test-secret-of-32-chars';
const LISTED = 'https://agent.example';
const BASE = 'https://podcast.example';

let t: TestApp;
let server: LoopbackServer;
let base = '';
let access = '';

beforeAll(async () => {
  t = await buildProductionTestApp(SECRET, {
    env: { PUBLIC_BASE_URL: BASE, MCP_ALLOWED_ORIGINS: LISTED },
  });
  server = await listenOnLoopback(t.app);
  base = server.base;
  const { cookie } = await sessionCookieFor(t.ctx, 'transport-user');
  access = (await connectedClient(t.app, cookie)).access;
});

afterAll(async () => {
  await server.close();
  await t.close();
});

/** An SDK client transport whose requests carry `headers`, with the test's token. */
function transportWith(headers: Record<string, string>) {
  return mcpTransport(base, { token: access, headers });
}

describe('the Origin check', () => {
  it('refuses an SDK client whose requests carry an unlisted Origin', async () => {
    const client = new Client({ name: 'rebound-page', version: '1.0.0' });
    const refused = client.connect(transportWith({ origin: 'https://rebound.example' }));
    await expect(refused).rejects.toBeInstanceOf(StreamableHTTPError);
    await expect(refused).rejects.toMatchObject({ code: 403 });
  });

  it('lets the SDK client in from a listed origin and without any', async () => {
    for (const headers of [{ origin: LISTED }, {}] as Record<string, string>[]) {
      const client = new Client({ name: 'listed-page', version: '1.0.0' });
      await client.connect(transportWith(headers));
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      await client.close();
    }
  });

  it.each([
    ['an unlisted origin', 'https://rebound.example'],
    ['an opaque origin', 'null'],
    ['a listed origin on another port', 'https://agent.example:8443'],
  ])('answers %s 403 before looking at the token, as JSON-RPC', async (_what, origin) => {
    for (const res of [
      await request(t.app)
        .post('/api/app/mcp')
        .set('Origin', origin)
        .send({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      await mcpCall(t.app, access, { jsonrpc: '2.0', id: 1, method: 'ping' }).set('Origin', origin),
      await request(t.app).get('/api/app/mcp').set('Origin', origin),
    ]) {
      expect(res.status).toBe(403);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
      expect(res.body.error.message).toContain(origin);
    }
  });

  it('takes the origin of PUBLIC_BASE_URL as its own', async () => {
    const res = await mcpCall(t.app, access, { jsonrpc: '2.0', id: 1, method: 'ping' }).set(
      'Origin',
      BASE,
    );
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(BASE);
  });

  it('without PUBLIC_BASE_URL takes the Host as its own only on loopback, so a rebound name fails', async () => {
    const local = await buildTestApp();
    try {
      const ping = (host: string, origin: string) =>
        request(local.app)
          .post('/api/app/mcp')
          .set('Host', host)
          .set('Origin', origin)
          .send({ jsonrpc: '2.0', id: 1, method: 'ping' });
      expect((await ping('localhost:8001', 'http://localhost:8001')).status).toBe(401);
      expect((await ping('127.0.0.1:8001', 'http://127.0.0.1:8001')).status).toBe(401);
      expect((await ping('rebound.example:8001', 'http://rebound.example:8001')).status).toBe(403);
      expect((await ping('localhost:8001', 'http://localhost:9999')).status).toBe(403);
    } finally {
      await local.close();
    }
  });
});

describe('MCP-Protocol-Version', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    },
  };

  it.each([
    ['an initialize request', initialize],
    ['a tools/list request', { jsonrpc: '2.0', id: 2, method: 'tools/list' }],
  ])(
    'answers %s with an unsupported version 400, naming the supported ones',
    async (_what, body) => {
      const res = await mcpCall(t.app, access, body).set('MCP-Protocol-Version', '1999-01-01');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
      for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
        expect(res.body.error.message).toContain(version);
      }
    },
  );

  it('answers every supported version', async () => {
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
      const res = await mcpCall(t.app, access, { jsonrpc: '2.0', id: 3, method: 'tools/list' }).set(
        'MCP-Protocol-Version',
        version,
      );
      expect(res.status).toBe(200);
    }
  });

  it('refuses an SDK client that sends a version it does not speak', async () => {
    const transport = transportWith({});
    const client = new Client({ name: 'future-client', version: '1.0.0' });
    await client.connect(transport);
    transport.setProtocolVersion('2099-01-01');
    const refused = client.listTools();
    await expect(refused).rejects.toMatchObject({ code: 400 });
    await expect(refused).rejects.toThrow(/2025-11-25/);
    await client.close();
  });
});

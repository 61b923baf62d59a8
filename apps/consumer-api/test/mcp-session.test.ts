import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, realpath, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { insertMcpGrantWithCode, insertMcpTokens, subscribe } from '@podcast/db';
import { SAMPLE_CORPUS_DIR } from '@podcast/testing';
import { buildProductionTestApp, type TestApp } from './support/build-test-app.js';
import { consentAs, MemoryOAuthProvider } from './support/mcp-client.js';
import { TOOLS_IN_ORDER } from './support/mcp-oauth-flow.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

const SECRET = 'an-mcp-session-test-secret-of-32-chars!';
const REDIRECT = 'http://127.0.0.1:7777/callback';

let dir = '';
let t: TestApp;
let server: Server;
let base = '';
let cookie = '';
let userId = '';
let feedId = '';

beforeAll(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), 'consumer-mcp-')));
  const root = path.join(dir, 'sample');
  await cp(SAMPLE_CORPUS_DIR, root, { recursive: true, preserveTimestamps: true });
  t = await buildProductionTestApp(SECRET, { env: { CORPUS_DIR: root } });
  const start = await t.ctx.search.rebuild(root, false);
  if (start.status === 'started') {
    await start.finished;
  }
  server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const session = await sessionCookieFor(t.ctx, 'mcp-listener');
  cookie = session.cookie;
  userId = session.user.id;
  const snapshot = await t.ctx.corpus.get(root);
  feedId = snapshot.episodes[0]?.feed_id ?? '';
  await subscribe(t.ctx.db, userId, feedId, new Date());
}, 180_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

function newProvider() {
  return new MemoryOAuthProvider(REDIRECT, {
    client_name: 'Test agent',
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  });
}

function transportFor(provider: MemoryOAuthProvider) {
  return new StreamableHTTPClientTransport(new URL(`${base}/api/app/mcp`), {
    authProvider: provider,
  });
}

async function bearer(token: string) {
  return fetch(`${base}/api/app/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
}

describe('a full MCP client session through the SDK', () => {
  const provider = newProvider();

  it('discovers, registers and is sent to consent on first connect', async () => {
    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    await expect(client.connect(transportFor(provider))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.client?.client_id).toMatch(/^mcp_[0-9a-f]{32}$/);
    const url = provider.authorizationUrl as URL;
    expect(url.origin + url.pathname).toBe(`${base}/api/app/mcp/oauth/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(`${base}/api/app/mcp`);
  });

  it('exchanges the code the user consented to, lists tools and searches with quotes', async () => {
    const back = await consentAs(cookie, provider.authorizationUrl as URL);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('iss')).toBe(base);
    const code = back.searchParams.get('code') as string;
    await transportFor(provider).finishAuth(code);
    expect(provider.saved?.refresh_token).toMatch(/^pmrt_/);

    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    await client.connect(transportFor(provider));
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toEqual(TOOLS_IN_ORDER);
    const found = await client.callTool({
      name: 'search_corpus',
      arguments: { query: 'battery recycling', top_k: 10 },
    });
    expect(found.isError).toBeFalsy();
    const results = (found.structuredContent as { results: { quotes: { text: string }[] }[] })
      .results;
    expect(results.length).toBeGreaterThan(0);
    const grounded = results.find((hit) => hit.quotes.length > 0);
    expect(grounded?.quotes[0]?.text.length).toBeGreaterThan(0);

    const snapshot = await t.ctx.corpus.get(t.ctx.config.corpusDir);
    const slug = snapshot.episodes.find((e) => e.transcript_relpath)?.slug as string;
    const kept = await fetch(`${base}/api/app/highlights`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ episode_slug: slug, kind: 'moment', start_ms: 30_000 }),
    });
    expect(kept.status).toBe(201);
    const highlights = await client.callTool({ name: 'my_highlights', arguments: {} });
    expect((highlights.structuredContent as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        kind: 'moment',
        episode_slug: slug,
        link: expect.stringMatching(/^\/episodes\/.+\?t=\d+$/),
      }),
    ]);

    const library = await client.callTool({ name: 'my_library', arguments: {} });
    expect((library.structuredContent as { items: { feed_id: string }[] }).items).toEqual([
      expect.objectContaining({ feed_id: feedId }),
    ]);
    await client.close();
  });

  it('refreshes, and a replayed refresh token revokes the grant', async () => {
    const before = provider.saved;
    const outcome = await auth(provider, { serverUrl: `${base}/api/app/mcp` });
    expect(outcome).toBe('AUTHORIZED');
    expect(provider.saved?.access_token).not.toBe(before?.access_token);
    expect(provider.saved?.refresh_token).not.toBe(before?.refresh_token);
    expect((await bearer(provider.saved?.access_token as string)).status).toBe(200);

    const replay = await fetch(`${base}/api/app/mcp/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: before?.refresh_token as string,
        client_id: provider.client?.client_id as string,
      }).toString(),
    });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    const refused = await bearer(provider.saved?.access_token as string);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});

describe('tokens the endpoint refuses', () => {
  it('refuses a token once the user revokes its grant', async () => {
    const provider = newProvider();
    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    await expect(client.connect(transportFor(provider))).rejects.toBeInstanceOf(UnauthorizedError);
    const back = await consentAs(cookie, provider.authorizationUrl as URL);
    await transportFor(provider).finishAuth(back.searchParams.get('code') as string);
    const token = provider.saved?.access_token as string;
    expect((await bearer(token)).status).toBe(200);

    const grants = await fetch(`${base}/api/app/mcp/grants`, { headers: { cookie } });
    const items = ((await grants.json()) as { items: { id: string; client_id: string }[] }).items;
    const grant = items.find((item) => item.client_id === provider.client?.client_id);
    const revoke = await fetch(`${base}/api/app/mcp/grants/${grant?.id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(revoke.status).toBe(204);
    const refused = await bearer(token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/api/app/mcp", ` +
        'scope="corpus:read library:read", error="invalid_token", error_description="the access token is unknown, expired or revoked"',
    );
  });

  it('refuses a token issued for another resource (wrong audience)', async () => {
    const provider = newProvider();
    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    await expect(client.connect(transportFor(provider))).rejects.toBeInstanceOf(UnauthorizedError);
    const clientId = provider.client?.client_id as string;
    const now = new Date();
    const grantId = `g_${randomBytes(12).toString('hex')}`;
    await insertMcpGrantWithCode(
      t.ctx.db,
      {
        id: grantId,
        user_id: userId,
        client_id: clientId,
        scope: 'corpus:read',
        resource: 'https://elsewhere.example/api/app/mcp',
      },
      {
        code_hash: randomBytes(32).toString('hex'),
        redirect_uri: REDIRECT,
        code_challenge: 'x'.repeat(43),
        expires_at: now,
      },
      now,
    );
    const token = `pmat_${randomBytes(32).toString('base64url')}`;
    await insertMcpTokens(
      t.ctx.db,
      grantId,
      [
        {
          token_hash: createHash('sha256').update(token).digest('hex'),
          kind: 'access',
          scope: 'corpus:read',
          expires_at: new Date(now.getTime() + 3600_000),
        },
      ],
      now,
    );
    const refused = await bearer(token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('issued for another resource');
  });
});

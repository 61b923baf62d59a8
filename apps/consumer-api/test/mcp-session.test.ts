import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { insertMcpGrantWithCode, insertMcpTokens, subscribe } from '@podcast/db';
import type { TestApp } from './support/build-test-app.js';
import { type IndexedMcpServer, openIndexedMcpServer } from './support/indexed-mcp-server.js';
import { consentAs, MemoryOAuthProvider, mcpTransport } from './support/mcp-client.js';
import { REDIRECT, TOOLS_IN_ORDER } from './support/mcp-oauth-flow.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

const SECRET = 'an-mcp-session-test-secret-of-32-chars!';

let served: IndexedMcpServer;
let t: TestApp;
let base = '';
let cookie = '';
let userId = '';
let feedId = '';

beforeAll(async () => {
  served = await openIndexedMcpServer('consumer-mcp', SECRET);
  ({ t, base } = served);
  const session = await sessionCookieFor(t.ctx, 'mcp-listener');
  cookie = session.cookie;
  userId = session.user.id;
  const snapshot = await t.ctx.corpus.get(served.root);
  feedId = snapshot.episodes[0]?.feed_id ?? '';
  await subscribe(t.ctx.db, userId, feedId, new Date());
}, 180_000);

afterAll(async () => {
  await served.close();
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
    await expect(client.connect(mcpTransport(base, { provider }))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
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
    await mcpTransport(base, { provider }).finishAuth(code);
    expect(provider.saved?.refresh_token).toMatch(/^pmrt_/);

    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    await client.connect(mcpTransport(base, { provider }));
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
    await expect(client.connect(mcpTransport(base, { provider }))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const back = await consentAs(cookie, provider.authorizationUrl as URL);
    await mcpTransport(base, { provider }).finishAuth(back.searchParams.get('code') as string);
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
    await expect(client.connect(mcpTransport(base, { provider }))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
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

import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { selfSignedCert } from '@podcast/testing';
import request from 'supertest';
import { buildProductionTestApp, type TestApp } from './support/build-test-app.js';
import { consentAs, MemoryOAuthProvider } from './support/mcp-client.js';
import { authorizeQuery, pkcePair, REDIRECT } from './support/mcp-oauth-flow.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

/*
 * Clients named by a client ID metadata document: the document is served by
 * a local https server on 127.0.0.1, which the outbound guard reaches only
 * because OUTBOUND_ALLOWED_HOSTS lists it (the production escape hatch); the
 * app trusts the test's self-signed certificate.
 */

const SECRET = 'an-mcp-client-document-secret-of-32-chars';
const tls = selfSignedCert();

interface Served {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

/** What the document server answers per path, and how often each path was asked. */
const documents = new Map<string, Served>();
const hits = new Map<string, number>();
const documentServer = createHttpsServer({ key: tls.key, cert: tls.cert }, (req, res) => {
  const path = req.url ?? '';
  hits.set(path, (hits.get(path) ?? 0) + 1);
  const served = documents.get(path) ?? { status: 404, body: 'not here' };
  setTimeout(() => {
    res.writeHead(served.status ?? 200, {
      'content-type': 'application/json',
      ...served.headers,
    });
    res.end(served.body ?? '');
  }, served.delayMs ?? 0);
});

let t: TestApp;
let api: Server;
let base = '';
let docBase = '';
let cookie = '';
let users = 0;

/** A document's URL on the local document server. */
const urlOf = (name: string) => `${docBase}/clients/${name}.json`;

/** Serves a valid document for `name`, with `fields` over it and `served` around it. */
function serveDocument(name: string, fields: Record<string, unknown> = {}, served: Served = {}) {
  const body = JSON.stringify({
    client_id: urlOf(name),
    client_name: `Agent ${name}`,
    redirect_uris: [REDIRECT],
    token_endpoint_auth_method: 'none',
    ...fields,
  });
  documents.set(`/clients/${name}.json`, { body, ...served });
  return urlOf(name);
}

function authorizeWith(clientId: string, extra: Record<string, string> = {}) {
  return request(t.app)
    .get('/api/app/mcp/oauth/authorize')
    .set('Cookie', cookie)
    .query(authorizeQuery(clientId, pkcePair().challenge, extra));
}

beforeAll(async () => {
  documentServer.listen(0, '127.0.0.1');
  await new Promise((resolve) => documentServer.once('listening', resolve));
  docBase = `https://127.0.0.1:${(documentServer.address() as AddressInfo).port}`;
  t = await buildProductionTestApp(SECRET, {
    env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
    clientDocuments: { ca: tls.cert, timeoutMs: 1000 },
  });
  api = createHttpServer(t.app);
  api.listen(0, '127.0.0.1');
  await new Promise((resolve) => api.once('listening', resolve));
  base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(async () => {
  api.close();
  documentServer.close();
  await t.close();
});

// A user of each test: document fetches are counted per user.
beforeEach(async () => {
  hits.clear();
  users += 1;
  cookie = (await sessionCookieFor(t.ctx, `document-user-${users}`)).cookie;
});

describe('client ID metadata documents through the SDK', () => {
  it('advertises them in the server metadata', async () => {
    const res = await request(t.app).get('/.well-known/oauth-authorization-server');
    expect(res.body.client_id_metadata_document_supported).toBe(true);
  });

  it('connects a client whose client_id is its document URL, without registering', async () => {
    const clientId = serveDocument('desktop');
    const provider = new MemoryOAuthProvider(
      REDIRECT,
      {
        client_name: 'Agent desktop',
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
      },
      clientId,
    );
    const transport = () =>
      new StreamableHTTPClientTransport(new URL(`${base}/api/app/mcp`), { authProvider: provider });
    const client = new Client({ name: 'document-agent', version: '1.0.0' });
    await expect(client.connect(transport())).rejects.toBeInstanceOf(UnauthorizedError);
    const url = provider.authorizationUrl as URL;
    expect(url.searchParams.get('client_id')).toBe(clientId);

    const page = await fetch(url, { headers: { cookie } });
    const html = await page.text();
    expect(html).toContain('Agent desktop');
    expect(html).toContain(`client document at <strong>${new URL(docBase).host}</strong>`);
    expect(html).toContain('The answer goes to <strong>http://127.0.0.1:7777</strong>');
    expect(html).toContain('only on this device (localhost)');

    const back = await consentAs(cookie, url);
    await transport().finishAuth(back.searchParams.get('code') as string);
    const connected = new Client({ name: 'document-agent', version: '1.0.0' });
    await connected.connect(transport());
    expect((await connected.listTools()).tools.length).toBeGreaterThan(0);
    await connected.close();

    const grants = await request(t.app).get('/api/app/mcp/grants').set('Cookie', cookie);
    expect(grants.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ client_id: clientId, client_name: 'Agent desktop' }),
      ]),
    );
  });

  it('does not warn when the client lists a redirect off this device', async () => {
    const web = 'https://agent.example/callback';
    const clientId = serveDocument('web', { redirect_uris: [web, REDIRECT] });
    const res = await authorizeWith(clientId, { redirect_uri: web });
    expect(res.status).toBe(200);
    expect(res.text).toContain('The answer goes to <strong>https://agent.example</strong>');
    expect(res.text).not.toContain('only on this device');
  });
});

describe('fetching and caching the document', () => {
  it('reuses a document while its max-age lasts', async () => {
    const clientId = serveDocument('cached', {}, { headers: { 'cache-control': 'max-age=300' } });
    expect((await authorizeWith(clientId)).status).toBe(200);
    expect((await authorizeWith(clientId)).status).toBe(200);
    expect(hits.get('/clients/cached.json')).toBe(1);
  });

  it('fetches again a document sent with no-store, and never keeps a failure', async () => {
    const clientId = serveDocument('fresh', {}, { headers: { 'cache-control': 'no-store' } });
    expect((await authorizeWith(clientId)).status).toBe(200);
    expect((await authorizeWith(clientId)).status).toBe(200);
    expect(hits.get('/clients/fresh.json')).toBe(2);

    documents.set('/clients/later.json', {
      status: 503,
      headers: { 'cache-control': 'max-age=600' },
    });
    expect((await authorizeWith(urlOf('later'))).status).toBe(400);
    serveDocument('later');
    expect((await authorizeWith(urlOf('later'))).status).toBe(200);
  });

  it('takes a changed document once the cached one is stale: a redirect URI it dropped is refused', async () => {
    const clientId = serveDocument('changing', {}, { headers: { 'cache-control': 'no-cache' } });
    expect((await authorizeWith(clientId)).status).toBe(200);
    serveDocument('changing', { redirect_uris: ['https://agent.example/cb'] });
    const res = await authorizeWith(clientId);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('redirect_uri');
  });
});

describe('documents and client IDs refused', () => {
  const big = 'x'.repeat(6000);
  it.each([
    [
      'names another client_id',
      { client_id: 'https://agent.example/client.json' },
      {},
      'another client_id',
    ],
    ['has no client_name', { client_name: undefined }, {}, 'client_name'],
    ['carries a client secret', { client_secret: 'shh' }, {}, 'client_secret'],
    [
      'asks for a shared-secret method',
      { token_endpoint_auth_method: 'client_secret_basic' },
      {},
      'token_endpoint_auth_method',
    ],
    [
      'lists a plain-http redirect',
      { redirect_uris: ['http://agent.example/cb'] },
      {},
      'redirect_uris.0',
    ],
    ['is over 5 kB', { client_uri: `https://agent.example/${big}` }, {}, 'bytes'],
    ['is not JSON', {}, { body: 'hello' }, 'not valid JSON'],
    ['is served as HTML', {}, { headers: { 'content-type': 'text/html' } }, 'not served as JSON'],
    ['answers 404', {}, { status: 404 }, 'answered 404'],
    [
      'redirects elsewhere',
      {},
      { status: 302, headers: { location: 'http://169.254.169.254/latest' } },
      'redirects are not followed',
    ],
    ['is too slow', {}, { delayMs: 1500 }, 'no answer within'],
  ])(
    'refuses a document that %s, showing why and sending nothing anywhere',
    async (name, fields, served, words) => {
      const key = name.replace(/[^a-z]+/g, '-');
      const clientId = serveDocument(key, fields, served);
      const res = await authorizeWith(clientId);
      expect(res.status).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body.error).toBe('invalid_client');
      expect(res.body.detail).toContain(words);
    },
  );

  it.each([
    ['at the root', () => `${docBase}/`, 'path'],
    ['with a query', () => `${urlOf('query')}?v=1`, 'query'],
    ['with dot segments', () => `${docBase}/clients/../clients/dots.json`, '..'],
    ['with credentials', () => `https://user:pw@127.0.0.1:1/c.json`, 'credentials'],
  ])('refuses a client ID URL %s before fetching anything', async (_what, clientId, words) => {
    const res = await authorizeWith(clientId());
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(words);
    expect(hits.size).toBe(0);
  });

  it('refuses a document on a loopback address that OUTBOUND_ALLOWED_HOSTS does not list', async () => {
    const strict = await buildProductionTestApp(SECRET, { clientDocuments: { ca: tls.cert } });
    try {
      const strictCookie = (await sessionCookieFor(strict.ctx, 'strict-user')).cookie;
      const res = await request(strict.app)
        .get('/api/app/mcp/oauth/authorize')
        .set('Cookie', strictCookie)
        .query(authorizeQuery(serveDocument('strict'), pkcePair().challenge));
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain('resolves to a loopback address');
      expect(hits.size).toBe(0);
    } finally {
      await strict.close();
    }
  });

  it('fetches at most 20 documents an hour for one user, then answers 429', async () => {
    for (let i = 0; i < 20; i += 1) {
      const clientId = serveDocument(`many-${i}`, {}, { headers: { 'cache-control': 'no-store' } });
      expect((await authorizeWith(clientId)).status).toBe(200);
    }
    const res = await authorizeWith(serveDocument('one-too-many'));
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(hits.get('/clients/one-too-many.json')).toBeUndefined();
  });

  it('answers 401 without a session before fetching anything', async () => {
    const res = await request(t.app)
      .get('/api/app/mcp/oauth/authorize')
      .query(authorizeQuery(serveDocument('anonymous'), pkcePair().challenge));
    expect(res.status).toBe(401);
    expect(hits.size).toBe(0);
  });
});

import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from '@podcast/contracts';
import request from 'supertest';
import { answerClientErrors, bearerTokenAuth, createRouteDefiner, reply } from '../src/index.js';
import { quietApp } from './quiet-app.js';

const defineRoute = createRouteDefiner<object>();

const Item = z.object({ id: z.string() });

const routes = [
  defineRoute({
    method: 'get',
    path: '/api/items/{id}',
    summary: 'Reads an item',
    auth: 'open',
    params: Item,
    responses: { 200: Item },
    handler: ({ params }) => params,
  }),
  defineRoute({
    method: 'delete',
    path: '/api/items/{id}',
    summary: 'Deletes an item',
    auth: 'open',
    params: Item,
    responses: { 204: z.undefined() },
    handler: () => reply(204, undefined),
  }),
  defineRoute({
    method: 'post',
    path: '/api/items/import',
    summary: 'Imports items, operator only, at most 1 KB',
    auth: 'operator',
    bodyLimit: '1kb',
    body: z.object({ items: z.array(z.string()) }),
    responses: { 200: z.object({ count: z.number() }) },
    handler: ({ body }) => ({ count: body.items.length }),
  }),
];

function app() {
  return quietApp({
    routes,
    ctx: {},
    authenticators: { operator: bearerTokenAuth('operator-secret-123', 'OPERATOR_TOKEN') },
  });
}

describe('requests a hostile caller sends', () => {
  it('answers 400 problem+json for a malformed percent-escape in a path segment', async () => {
    const res = await request(app()).get('/api/items/%FF');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.detail).toMatch(/^path: .*percent-encoded/);
    expect(res.body.request_id).toBeTruthy();
  });

  it('answers 405 with Allow derived from the declared routes for a wrong method', async () => {
    const res = await request(app()).put('/api/items/abc');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, DELETE');
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.detail).toContain('GET, HEAD, DELETE');
  });

  it('lists the methods of every declared path a request path fits', async () => {
    // `/api/items/import` fits both the literal POST route and `{id}`.
    const res = await request(app()).patch('/api/items/import');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST, DELETE');
    const docs = await request(app()).post('/openapi.json');
    expect(docs.status).toBe(405);
    expect(docs.headers.allow).toBe('GET, HEAD');
  });

  it('still answers 404 for a path no route declares, and OPTIONS is not a 405', async () => {
    expect((await request(app()).put('/api/other')).status).toBe(404);
    expect((await request(app()).get('/api/items/a/b')).status).toBe(404);
    expect((await request(app()).options('/api/items/abc')).status).not.toBe(405);
  });

  it('refuses a caller without a credential before reading its body (401, not 413)', async () => {
    const big = { items: Array.from({ length: 2000 }, (_, i) => `item-${i}`) };
    const anonymous = await request(app()).post('/api/items/import').send(big);
    expect(anonymous.status).toBe(401);
    const operator = await request(app())
      .post('/api/items/import')
      .set('authorization', 'Bearer operator-secret-123')
      .send(big);
    expect(operator.status).toBe(413);
    const small = await request(app())
      .post('/api/items/import')
      .set('authorization', 'Bearer operator-secret-123')
      .send({ items: ['a'] });
    expect(small.body).toEqual({ count: 1 });
  });
});

describe('answerClientErrors', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer(app());
    answerClientErrors(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function get(path: string): Promise<{ status: number; type?: string; body: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answers a query string over 16 KB with a problem+json 431, not a bare status', async () => {
    const res = await get(`/api/items/abc?q=${'x'.repeat(17 * 1024)}`);
    expect(res.status).toBe(431);
    expect(res.type).toBe('application/problem+json');
    const problem = JSON.parse(res.body) as Record<string, unknown>;
    expect(problem).toMatchObject({ status: 431, title: 'Request Header Fields Too Large' });
    expect(problem.detail).toContain('query string');
    expect(problem.request_id).toEqual(expect.any(String));
  });

  it('leaves a request within the limit alone', async () => {
    const res = await get(`/api/items/abc?q=${'x'.repeat(8 * 1024)}`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ id: 'abc' });
  });
});

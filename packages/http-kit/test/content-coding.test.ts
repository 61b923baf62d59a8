import { once } from 'node:events';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { z } from '@podcast/contracts';
import type { Express } from 'express';
import request from 'supertest';
import { createCodingNegotiator, negotiateCoding } from '../src/content-coding.js';
import { createRouteDefiner } from '../src/index.js';
import { cachedResponse, representationOf } from '../src/response-cache.js';
import { quietApp } from './quiet-app.js';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `episode ${i}` })) };

describe('negotiateCoding (RFC 9110 §12.5.3)', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['*;q=0', undefined],
    ['gzip;q=abc', undefined],
    [' br ; q=0.9 , gzip ; q=0.8 ', 'br'],
    ['deflate', undefined],
  ])('%p answers %p', (header, expected) => {
    expect(negotiateCoding(header)).toBe(expected);
  });

  it('compresses an entry once per coding, sharing the pending work', async () => {
    const entry = cachedResponse(200, JSON.stringify(big));
    const first = representationOf(entry, 'gzip');
    expect(representationOf(entry, 'gzip')).toBe(first);
    const made = await first;
    expect(representationOf(entry, 'gzip')).toBe(made);
    expect(representationOf(entry, undefined)).toBe(entry);
  });

  it('memoises per header value without changing the answer', () => {
    const negotiate = createCodingNegotiator(2);
    for (const header of ['gzip', 'br', 'deflate', 'gzip', 'br;q=0, gzip']) {
      expect(negotiate(header)).toBe(negotiateCoding(header));
    }
  });
});

function setup() {
  const counts = { calls: 0 };
  const defineRoute = createRouteDefiner<typeof counts>();
  const scope = {};
  const routes = [
    defineRoute({
      method: 'get',
      path: '/api/big',
      summary: 'A large cached answer',
      auth: 'open',
      responses: {
        200: z.object({ items: z.array(z.object({ id: z.number(), title: z.string() })) }),
      },
      cache: { scope: () => scope },
      handler: ({ ctx }) => {
        ctx.calls += 1;
        return big;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/small',
      summary: 'A small cached answer',
      auth: 'open',
      responses: { 200: z.object({ ok: z.boolean() }) },
      cache: { scope: () => scope },
      handler: () => ({ ok: true }),
    }),
  ];
  const app = quietApp({
    routes,
    ctx: counts,
  });
  return { app, counts };
}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request with node's own client: the bytes on the wire, no transparent decoding. */
async function raw(
  app: Express,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<RawResponse> {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<RawResponse>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    server.close();
  }
}

describe('content coding of cached answers', () => {
  it('sends identity JSON to a client that accepts no coding', async () => {
    const { app } = setup();
    const res = await raw(app, '/api/big', { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(res.body.toString())).toEqual(big);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
  });

  it.each([
    ['gzip', gunzipSync],
    ['br', brotliDecompressSync],
  ] as const)(
    'sends %s that decodes to the same JSON, with its own tag',
    async (coding, decode) => {
      const { app, counts } = setup();
      const plain = await request(app).get('/api/big').set('accept-encoding', 'identity');
      const first = await raw(app, '/api/big', { 'accept-encoding': coding });
      const again = await raw(app, '/api/big', { 'accept-encoding': coding });
      for (const res of [first, again]) {
        expect(res.headers['content-encoding']).toBe(coding);
        expect(res.headers.vary).toBe('Accept-Encoding');
        const bytes = res.body;
        expect(Number(res.headers['content-length'])).toBe(bytes.length);
        expect(bytes.length).toBeLessThan(Buffer.byteLength(JSON.stringify(big)) / 3);
        expect(JSON.parse(decode(bytes).toString())).toEqual(big);
      }
      expect(first.headers.etag).toBe(again.headers.etag);
      expect(first.headers.etag).not.toBe(plain.headers.etag);
      expect(counts.calls).toBe(1);
    },
  );

  it('gives concurrent first requests one and the same compressed representation', async () => {
    const { app } = setup();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => raw(app, '/api/big', { 'accept-encoding': 'br' })),
    );
    const tags = new Set(answers.map((res) => res.headers.etag));
    expect(tags.size).toBe(1);
    for (const res of answers) {
      expect(JSON.parse(brotliDecompressSync(res.body).toString())).toEqual(big);
    }
  });

  it('revalidates each representation against its own tag', async () => {
    const { app } = setup();
    const gz = await raw(app, '/api/big', { 'accept-encoding': 'gzip' });
    expect(gz.headers.etag).toMatch(/-gzip"$/);
    const notModified = await request(app)
      .get('/api/big')
      .set('accept-encoding', 'gzip')
      .set('if-none-match', gz.headers.etag as string);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.vary).toBe('Accept-Encoding');
    const otherCoding = await request(app)
      .get('/api/big')
      .set('accept-encoding', 'identity')
      .set('if-none-match', gz.headers.etag as string);
    expect(otherCoding.status).toBe(200);
  });

  it('leaves small answers uncompressed', async () => {
    const { app } = setup();
    const res = await request(app).get('/api/small').set('accept-encoding', 'gzip, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toEqual({ ok: true });
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const { app } = setup();
    const get = await raw(app, '/api/big', { 'accept-encoding': 'gzip' });
    const head = await raw(app, '/api/big', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.body.length).toBe(0);
  });
});

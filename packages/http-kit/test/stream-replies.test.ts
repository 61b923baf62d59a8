import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from '@podcast/contracts';
import request from 'supertest';
import { buildOpenApiDocument, createRouteDefiner, rawReply, streamReply } from '../src/index.js';
import { quietApp } from './quiet-app.js';

interface Pulls {
  started: number;
  pieces: number;
  returned: number;
}

const pulls: Pulls = { started: 0, pieces: 0, returned: 0 };
const defineRoute = createRouteDefiner<Pulls>();
const VALIDATORS = { etag: '"v1"', lastModified: new Date('2026-01-02T03:04:05Z').toUTCString() };

/** `count` pieces of 1 KB, counting what was pulled and whether the generator was closed. */
async function* pieces(ctx: Pulls, count: number, failAt?: number): AsyncGenerator<string> {
  ctx.started++;
  try {
    for (let i = 0; i < count; i++) {
      if (i === failAt) {
        throw new Error('the source broke');
      }
      ctx.pieces++;
      yield `<p${i}>${'x'.repeat(1024)}</p${i}>\n`;
    }
  } finally {
    ctx.returned++;
  }
}

const STREAM = { description: 'A document', contentType: 'application/rss+xml' };
const NOT_MODIFIED = z.null().describe('Not modified');

const routes = [
  defineRoute({
    method: 'get',
    path: '/stream',
    summary: 'Three pieces with validators',
    auth: 'open',
    responses: { 200: STREAM, 304: NOT_MODIFIED },
    handler: ({ ctx }) =>
      streamReply(200, 'application/rss+xml; charset=utf-8', () => pieces(ctx, 3), {
        headers: { 'Cache-Control': 'private, no-cache' },
        validators: VALIDATORS,
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/long',
    summary: 'Many pieces',
    auth: 'open',
    responses: { 200: STREAM },
    handler: ({ ctx }) => streamReply(200, 'text/plain', () => pieces(ctx, 100_000)),
  }),
  defineRoute({
    method: 'get',
    path: '/broken',
    summary: 'A source that fails after it began',
    auth: 'open',
    responses: { 200: STREAM },
    handler: ({ ctx }) => streamReply(200, 'text/plain', () => pieces(ctx, 10, 5)),
  }),
  defineRoute({
    method: 'get',
    path: '/raw',
    summary: 'A raw body with validators',
    auth: 'open',
    responses: {
      200: { description: 'VTT', contentType: 'text/vtt', schema: z.string().min(1) },
      304: NOT_MODIFIED,
    },
    handler: () => rawReply(200, 'text/vtt', 'WEBVTT\n', {}, VALIDATORS),
  }),
  defineRoute({
    method: 'get',
    path: '/feed',
    summary: 'A feed route',
    auth: 'feed',
    responses: { 200: STREAM },
    handler: () => rawReply(200, 'text/plain', 'ok'),
  }),
];

const app = quietApp({ routes, ctx: pulls });
const reset = (): void => {
  Object.assign(pulls, { started: 0, pieces: 0, returned: 0 });
};

describe('stream replies', () => {
  it('writes the pieces in chunks with the type, headers and validators', async () => {
    reset();
    const res = await request(app).get('/stream').set('accept-encoding', 'identity');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toBe('"v1"');
    expect(res.headers['last-modified']).toBe(VALIDATORS.lastModified);
    expect(res.text.match(/<p\d>/g)).toEqual(['<p0>', '<p1>', '<p2>']);
  });

  it('compresses in the coding the client accepts', async () => {
    const res = await request(app).get('/stream').set('accept-encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.text.match(/<p\d>/g)).toEqual(['<p0>', '<p1>', '<p2>']);
  });

  it.each([
    ['a matching If-None-Match', 'if-none-match', 'W/"v1"'],
    ['an If-Modified-Since at the modification time', 'if-modified-since', VALIDATORS.lastModified],
  ])('answers %s with 304 and never starts the body', async (_case, header, value) => {
    reset();
    const res = await request(app).get('/stream').set(header, value);
    expect(res.status).toBe(304);
    expect(res.headers.etag).toBe('"v1"');
    expect(res.text).toBe('');
    expect(pulls.started).toBe(0);
  });

  it('answers HEAD with the headers only, without starting the body', async () => {
    reset();
    const res = await request(app).head('/stream');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(pulls.started).toBe(0);
  });

  it('stops pulling once the client goes away, and closes the source', async () => {
    reset();
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await new Promise<void>((resolve) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: '/long' }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.end();
      });
      for (let i = 0; i < 100 && pulls.returned === 0; i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(pulls.returned).toBe(1);
      // 100 MB were on offer; a stream that ran ahead of the client would have made them all.
      expect(pulls.pieces).toBeLessThan(10_000);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('cuts the connection when the source fails after the headers went out', async () => {
    const failed = await request(app)
      .get('/broken')
      .then(
        () => 'completed',
        (err: Error) => err.message,
      );
    expect(failed).not.toBe('completed');
  });
});

describe('raw replies with validators', () => {
  it('carries ETag and Last-Modified and answers a matching conditional GET with 304', async () => {
    const first = await request(app).get('/raw');
    expect(first.status).toBe(200);
    expect(first.headers['content-length']).toBe('7');
    expect(first.headers.etag).toBe('"v1"');
    const again = await request(app)
      .get('/raw')
      .set('if-none-match', first.headers.etag as string);
    expect(again.status).toBe(304);
    const changed = await request(app).get('/raw').set('if-none-match', '"v0"');
    expect(changed.status).toBe(200);
  });
});

describe('the documentation of these routes', () => {
  const doc = buildOpenApiDocument(routes, { title: 't', version: '1' });
  const operation = (path: string) => doc.paths?.[path]?.get as Record<string, unknown>;

  it('lists the feed credentials as alternatives, each a registered scheme', () => {
    expect(operation('/feed').security).toEqual([
      { feedToken: [] },
      { appPassword: [] },
      { sessionCookie: [] },
    ]);
    const schemes = (doc.components as { securitySchemes: Record<string, unknown> })
      .securitySchemes;
    expect(schemes.feedToken).toEqual({ type: 'apiKey', in: 'query', name: 'token' });
    expect(Object.keys(schemes).sort()).toEqual(['appPassword', 'feedToken', 'sessionCookie']);
  });

  it('gives a 304 no content and a raw body its documented structure', () => {
    const responses = operation('/raw').responses as Record<string, Record<string, unknown>>;
    expect(responses['304']?.content).toBeUndefined();
    expect(JSON.stringify(responses['200']?.content)).toContain('"minLength":1');
  });
});

beforeAll(reset);
afterAll(reset);

import { describe, expect, it } from '@jest/globals';
import { z } from '@podcast/contracts';
import request from 'supertest';
import { buildOpenApiDocument, createRouteDefiner } from '../src/index.js';
import { quietApp } from './quiet-app.js';

const defineRoute = createRouteDefiner<object>();

const routes = [
  defineRoute({
    method: 'post',
    path: '/json',
    summary: 'JSON only (the default)',
    auth: 'open',
    body: z.object({ n: z.number() }),
    responses: { 200: z.object({ n: z.number() }) },
    handler: ({ body }) => body,
  }),
  defineRoute({
    method: 'post',
    path: '/form',
    summary: 'A form post',
    auth: 'open',
    accepts: ['form'],
    body: z.object({ name: z.string().min(1) }),
    responses: { 200: z.object({ name: z.string() }) },
    handler: ({ body }) => body,
  }),
  defineRoute({
    method: 'post',
    path: '/xml',
    summary: 'XML text or JSON, at most 32 bytes',
    auth: 'open',
    accepts: ['xml', 'json'],
    bodyLimit: '32b',
    body: z.union([z.string(), z.object({ xml: z.string() })]),
    responses: { 200: z.object({ length: z.number() }) },
    handler: ({ body }) => ({ length: (typeof body === 'string' ? body : body.xml).length }),
  }),
  defineRoute({
    method: 'post',
    path: '/text',
    summary: 'Plain text',
    auth: 'open',
    accepts: ['text'],
    body: z.string().max(5),
    responses: { 200: z.object({ text: z.string() }) },
    handler: ({ body }) => ({ text: body }),
  }),
];

function app() {
  return quietApp({
    routes,
    ctx: {},
    bodyLimit: '64b',
  });
}

describe('per-route body parsers', () => {
  it('parses JSON by default and refuses malformed JSON with a 400 naming body', async () => {
    expect((await request(app()).post('/json').send({ n: 3 })).body).toEqual({ n: 3 });
    const bad = await request(app())
      .post('/json')
      .set('content-type', 'application/json')
      .send('{"n":');
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(bad.body.detail).toContain('body');
  });

  it('does not parse a form on a JSON route: the schema refuses the missing body', async () => {
    const res = await request(app()).post('/json').type('form').send('n=3');
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^body/);
  });

  it('parses a form-urlencoded body on a route that accepts forms', async () => {
    const res = await request(app()).post('/form').type('form').send('name=ada');
    expect(res.body).toEqual({ name: 'ada' });
    const json = await request(app()).post('/form').send({ name: 'ada' });
    expect(json.status).toBe(400);
  });

  it('reads XML as text beside JSON, under the route limit', async () => {
    const xml = await request(app()).post('/xml').set('content-type', 'text/x-opml').send('<a/>');
    expect(xml.body).toEqual({ length: 4 });
    const json = await request(app()).post('/xml').send({ xml: '<b/>' });
    expect(json.body).toEqual({ length: 4 });
  });

  it('answers 413 problem+json for a body over the route limit or the app limit', async () => {
    const big = `<a>${'x'.repeat(40)}</a>`;
    const res = await request(app()).post('/xml').set('content-type', 'application/xml').send(big);
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.detail).toContain('body');
    const json = await request(app())
      .post('/json')
      .send({ n: 1, pad: 'y'.repeat(80) });
    expect(json.status).toBe(413);
  });

  it('parses plain text and validates it', async () => {
    const ok = await request(app()).post('/text').set('content-type', 'text/plain').send('hey');
    expect(ok.body).toEqual({ text: 'hey' });
    const long = await request(app())
      .post('/text')
      .set('content-type', 'text/plain')
      .send('hello!');
    expect(long.status).toBe(400);
    expect(long.body.detail).toMatch(/^body/);
  });

  it('lists each accepted media type in OpenAPI', () => {
    const doc = buildOpenApiDocument(routes, { title: 't', version: '0' });
    const post = doc.paths?.['/xml']?.post as { requestBody: { content: object } } | undefined;
    expect(Object.keys(post?.requestBody.content ?? {})).toEqual([
      'text/x-opml',
      'application/xml',
      'text/xml',
      'application/json',
    ]);
  });
});

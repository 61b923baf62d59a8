import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { z } from 'zod';
import { createRouteDefiner, HttpError, MalformedBody, rawReply } from '../src/index.js';
import { quietApp } from './quiet-app.js';

const defineRoute = createRouteDefiner<
  object,
  {
    session: never;
    operator: never;
    internal: never;
    token: { sub: string };
    sync: never;
    'sync-or-token': never;
    feed: never;
  }
>();

const app = quietApp({
  ctx: {},
  authenticators: {
    token: (req) => {
      if (req.get('authorization') !== 'Bearer good') {
        throw new HttpError(401, 'no token', {}, { 'WWW-Authenticate': 'Bearer realm="t"' });
      }
      return { sub: 'u1' };
    },
  },
  routes: [
    defineRoute({
      method: 'post',
      path: '/token',
      summary: 'A protocol with its own error shape',
      auth: 'open',
      accepts: ['form'],
      body: z.object({ grant_type: z.enum(['a', 'b']) }),
      responses: {
        200: z.object({ ok: z.boolean() }),
        400: { description: 'e', contentType: 'application/json' },
      },
      invalid: (failure) =>
        rawReply(
          400,
          'application/json',
          JSON.stringify({ error: 'invalid_request', error_description: failure.detail }),
        ),
      handler: () => ({ ok: true }),
    }),
    defineRoute({
      method: 'post',
      path: '/rpc',
      summary: 'A protocol that tells an unreadable body from a wrong one',
      auth: 'open',
      body: z.object({ method: z.string() }),
      responses: {
        200: z.object({ ok: z.boolean() }),
        400: { description: 'e', contentType: 'application/json' },
      },
      invalid: (failure) =>
        rawReply(
          400,
          'application/json',
          JSON.stringify({
            code: failure instanceof MalformedBody ? -32700 : -32600,
            message: failure.detail,
          }),
        ),
      handler: () => ({ ok: true }),
    }),
    defineRoute({
      method: 'get',
      path: '/things/{id}',
      summary: 'A route that answers malformed input its own way',
      auth: 'open',
      params: z.object({ id: z.string().regex(/^t_\d+$/) }),
      responses: {
        200: z.object({ id: z.string() }),
        404: { description: 'none', contentType: 'text/plain' },
      },
      invalid: (failure) =>
        rawReply(404, 'text/plain', `no such thing (${failure.fieldErrors[0]?.field})`),
      handler: ({ params }) => ({ id: params.id }),
    }),
    defineRoute({
      method: 'get',
      path: '/plain/{id}',
      summary: 'A route without its own answer',
      auth: 'open',
      params: z.object({ id: z.string() }),
      responses: { 200: z.object({ id: z.string() }) },
      handler: ({ params }) => ({ id: params.id }),
    }),
    defineRoute({
      method: 'get',
      path: '/mine',
      summary: 'A token route',
      auth: 'token',
      responses: { 200: z.object({ sub: z.string() }) },
      handler: ({ principal }) => ({ sub: principal.sub }),
    }),
  ],
});

describe('a route that answers validation failures in its own protocol', () => {
  it('hands the failure, with the field named, to the route', async () => {
    const res = await request(app).post('/token').type('form').send({ grant_type: 'c' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.error).toBe('invalid_request');
    expect(res.body.error_description).toContain('body.grant_type');
  });

  it('still answers a good request normally', async () => {
    const res = await request(app).post('/token').type('form').send({ grant_type: 'a' });
    expect(res.body).toEqual({ ok: true });
  });
});

describe('a path segment that is not valid percent-encoded UTF-8', () => {
  it('is answered by the route it fits when that route answers malformed input', async () => {
    for (const url of ['/things/%E0%A4%A', '/things/t_%FF', '/things/%']) {
      const res = await request(app).get(url);
      expect(res.status).toBe(404);
      expect(res.text).toBe('no such thing (path)');
    }
    expect((await request(app).get('/things/x')).text).toBe('no such thing (params.id)');
    expect((await request(app).get('/things/t_1')).body).toEqual({ id: 't_1' });
  });

  it("keeps the kit's 400 for a route without its own answer, and for no route", async () => {
    for (const url of ['/plain/%E0%A4%A', '/nowhere/%FF']) {
      const res = await request(app).get(url);
      expect(res.status).toBe(url.startsWith('/plain') ? 400 : 404);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    }
  });
});

describe('a body that does not parse', () => {
  it('reaches the route as a MalformedBody, a schema failure as a plain one', async () => {
    const broken = await request(app)
      .post('/rpc')
      .set('Content-Type', 'application/json')
      .send('{"method": ');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ code: -32700, message: 'body: malformed JSON' });
    const wrong = await request(app).post('/rpc').send({ method: 1 });
    expect(wrong.body.code).toBe(-32600);
    expect(wrong.body.message).toContain('body.method');
  });
});

describe('the token auth class', () => {
  it('sends the headers of the refusal with its problem', async () => {
    const res = await request(app).get('/mine');
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="t"');
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('hands the principal to the handler', async () => {
    const res = await request(app).get('/mine').set('Authorization', 'Bearer good');
    expect(res.body).toEqual({ sub: 'u1' });
  });
});

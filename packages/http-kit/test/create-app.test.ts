import { describe, expect, it } from '@jest/globals';
import { Problem, QueryBoolean, queryInt, z } from '@podcast/contracts';
import request from 'supertest';
import { bearerTokenAuth, createRouteDefiner, HttpError, reply } from '../src/index.js';
import { quietApp } from './quiet-app.js';

const defineRoute = createRouteDefiner<{ greeting: string }>();

const hello = defineRoute({
  method: 'get',
  path: '/api/hello/{name}',
  summary: 'Greets',
  auth: 'open',
  params: z.object({ name: z.string().min(2) }),
  query: z.object({ loud: QueryBoolean.optional(), times: queryInt(1, 3).default(1) }),
  responses: { 200: z.object({ text: z.string() }) },
  handler: ({ params, query, ctx }) => {
    const text = `${ctx.greeting} ${params.name}`.repeat(query.times);
    return { text: query.loud ? text.toUpperCase() : text, dropped: 'not in the schema' };
  },
});

const rest = defineRoute({
  method: 'get',
  path: '/api/files/{path*}',
  summary: 'Echoes a rest-of-path parameter',
  auth: 'operator',
  params: z.object({ path: z.string() }),
  responses: { 200: z.object({ path: z.string() }) },
  handler: ({ params }) => ({ path: params.path }),
});

const create = defineRoute({
  method: 'post',
  path: '/api/things',
  summary: 'Creates a thing',
  auth: 'open',
  body: z.object({ name: z.string().min(1) }),
  responses: { 201: z.object({ id: z.string() }), 409: Problem },
  handler: ({ body }) => {
    if (body.name === 'taken') {
      throw new HttpError(409, 'name: already taken');
    }
    return reply(201, { id: `t-${body.name}` });
  },
});

const broken = defineRoute({
  method: 'get',
  path: '/api/broken',
  summary: 'Returns something its schema refuses',
  auth: 'open',
  responses: { 200: z.object({ n: z.number() }) },
  handler: () => ({ n: 'not a number' }),
});

function app() {
  return quietApp({
    routes: [hello, rest, create, broken],
    ctx: { greeting: 'hi' },
    authenticators: { operator: bearerTokenAuth('s3cret', 'OPERATOR_TOKEN') },
  });
}

describe('createApp', () => {
  it('validates input, coerces the query and serialises output through the schema', async () => {
    const res = await request(app()).get('/api/hello/bob?loud=true&times=2');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ text: 'HI BOBHI BOB' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it.each([
    ['/api/hello/b', 'params.name'],
    ['/api/hello/bob?times=9', 'query.times'],
    ['/api/hello/bob?times=x', 'query.times'],
    ['/api/hello/bob?loud=maybe', 'query.loud'],
    ['/api/hello/bob?times=1&times=2', 'query.times'],
  ])('answers 400 naming the field for %s', async (url, field) => {
    const res = await request(app()).get(url);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.detail).toContain(field);
    expect(res.body.errors[0].field).toBe(field);
    expect(res.body.request_id).toBeTruthy();
  });

  it('answers 400 on malformed JSON and on a body that fails its schema', async () => {
    const bad = await request(app())
      .post('/api/things')
      .set('content-type', 'application/json')
      .send('{"name":');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('body: malformed JSON');
    const empty = await request(app()).post('/api/things').send({ name: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].field).toBe('body.name');
  });

  it('uses the status of a reply and maps HttpError to a problem', async () => {
    expect((await request(app()).post('/api/things').send({ name: 'a' })).status).toBe(201);
    const taken = await request(app()).post('/api/things').send({ name: 'taken' });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe('name: already taken');
  });

  it('joins a rest-of-path parameter and gates operator routes', async () => {
    expect((await request(app()).get('/api/files/a/b.json')).status).toBe(401);
    const wrong = await request(app())
      .get('/api/files/a/b.json')
      .set('authorization', 'Bearer nope');
    expect(wrong.status).toBe(401);
    const ok = await request(app())
      .get('/api/files/a/b.json')
      .set('authorization', 'Bearer s3cret');
    expect(ok.body).toEqual({ path: 'a/b.json' });
  });

  it('turns a response that breaks its contract into a generic 500', async () => {
    const res = await request(app()).get('/api/broken');
    expect(res.status).toBe(500);
    expect(res.body.detail).not.toContain('not a number');
  });

  it('answers unknown routes with a 404 problem', async () => {
    const res = await request(app()).get('/nope');
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain('/nope');
  });

  it('lists every declared route in /openapi.json and serves /docs', async () => {
    const doc = (await request(app()).get('/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(
      ['/api/broken', '/api/files/{path}', '/api/hello/{name}', '/api/things'].sort(),
    );
    expect(doc.paths['/api/files/{path}'].get.security).toEqual([{ operatorToken: [] }]);
    expect(doc.paths['/api/hello/{name}'].get.security).toEqual([]);
    expect(doc.paths['/api/hello/{name}'].get.operationId).toBe('getApiHelloByName');
    expect(doc.paths['/api/files/{path}'].get.operationId).toBe('getApiFilesByPath');
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    const docs = await request(app()).get('/docs/');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('swagger-ui');
  });

  it('builds the document when first asked for, and /docs fetches it rather than inlining it', async () => {
    const served = app();
    const init = await request(served).get('/docs/swagger-ui-init.js');
    expect(init.status).toBe(200);
    expect(init.text).toContain('"swaggerUrl": "../openapi.json"');
    expect(init.text).not.toContain('/api/hello/{name}');
    const first = (await request(served).get('/openapi.json')).body;
    const again = (await request(served).get('/openapi.json')).body;
    expect(again).toEqual(first);
    expect(Object.keys(first.paths)).toContain('/api/hello/{name}');
  });
});

import { describe, expect, it } from '@jest/globals';
import { z } from '@podcast/contracts';
import request from 'supertest';
import { createRouteDefiner } from '../src/index.js';
import { findNulCharacter } from '../src/nul-characters.js';
import { quietApp } from './quiet-app.js';

const defineRoute = createRouteDefiner<object>();
let handled = 0;

const app = quietApp({
  routes: [
    defineRoute({
      method: 'post',
      path: '/api/things/{id}',
      summary: 'Stores a thing',
      auth: 'open',
      params: z.object({ id: z.string() }),
      query: z.object({ tag: z.string().optional() }),
      body: z.looseObject({ name: z.string(), labels: z.array(z.string()).default([]) }),
      responses: { 200: z.object({ ok: z.boolean() }) },
      handler: () => {
        handled += 1;
        return { ok: true };
      },
    }),
  ],
  ctx: {},
});

describe('a NUL character anywhere in the input', () => {
  it.each([
    ['params.id', '/api/things/a%00b', { name: 'x' }],
    ['query.tag', '/api/things/a?tag=a%00b', { name: 'x' }],
    ['body.name', '/api/things/a', { name: 'a\u0000b' }],
    ['body.labels.1', '/api/things/a', { name: 'x', labels: ['ok', '\u0000'] }],
    ['body.extra.deep', '/api/things/a', { name: 'x', extra: { deep: 'z\u0000' } }],
    ['body.bad\u0000key', '/api/things/a', { name: 'x', 'bad\u0000key': 1 }],
  ])('answers 400 naming %j and never runs the handler', async (field, url, body) => {
    const before = handled;
    const res = await request(app).post(url).send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field, message: 'must not contain a NUL character' }]);
    expect(handled).toBe(before);
  });

  it('lets the same request through without one', async () => {
    const res = await request(app)
      .post('/api/things/a?tag=t')
      .send({ name: 'x', labels: ['y'] });
    expect(res.status).toBe(200);
  });

  it('walks a deeply nested value without recursion', () => {
    let value: unknown = 'leaf\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) {
      value = { n: value };
    }
    expect(findNulCharacter(value, 'body')?.endsWith('.n')).toBe(true);
  });
});

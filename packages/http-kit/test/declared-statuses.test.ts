import { describe, expect, it } from '@jest/globals';
import { Problem, z } from '@podcast/contracts';
import request from 'supertest';
import { createRouteDefiner, HttpError } from '../src/index.js';
import { quietApp } from './quiet-app.js';

const defineRoute = createRouteDefiner<object>();

const teapot = defineRoute({
  method: 'post',
  path: '/api/brew',
  summary: 'Answers a status it declares, or one it does not',
  auth: 'open',
  body: z.object({ status: z.number().int() }),
  responses: { 200: z.object({ ok: z.boolean() }), 409: Problem },
  handler: ({ body }) => {
    if (body.status !== 200) {
      throw new HttpError(body.status, 'as asked');
    }
    return { ok: true };
  },
});

describe('declared statuses', () => {
  const strict = quietApp({ routes: [teapot], ctx: {}, strictStatuses: true });

  it('lets a declared status and the kit statuses through', async () => {
    expect((await request(strict).post('/api/brew').send({ status: 200 })).status).toBe(200);
    expect((await request(strict).post('/api/brew').send({ status: 409 })).status).toBe(409);
    expect((await request(strict).post('/api/brew').send({ status: 503 })).status).toBe(503);
    expect((await request(strict).post('/api/brew').send({ status: 'x' })).status).toBe(400);
    const big = await request(strict)
      .post('/api/brew')
      .send({ status: 200, pad: 'x'.repeat(2_000_000) });
    expect(big.status).toBe(413);
  });

  it('turns a status the route does not declare into a 500 when strict', async () => {
    expect((await request(strict).post('/api/brew').send({ status: 418 })).status).toBe(500);
    const lax = quietApp({ routes: [teapot], ctx: {}, strictStatuses: false });
    expect((await request(lax).post('/api/brew').send({ status: 418 })).status).toBe(418);
  });

  it('documents the kit statuses beside the declared ones', async () => {
    const doc = (await request(strict).get('/openapi.json')).body;
    const statuses = Object.keys(doc.paths['/api/brew'].post.responses).sort();
    expect(statuses).toEqual(['200', '400', '409', '413', '415', '429', '500', '503']);
  });
});

import { describe, expect, it } from '@jest/globals';
import { z } from '@podcast/contracts';
import request from 'supertest';
import { createRouteDefiner } from '../src/index.js';
import { quietApp } from './quiet-app.js';

const defineRoute = createRouteDefiner<{ failure: Error }>();

const failing = defineRoute({
  method: 'get',
  path: '/api/failing',
  summary: 'Throws the context’s error',
  auth: 'open',
  responses: { 200: z.object({}) },
  handler: ({ ctx }) => {
    throw ctx.failure;
  },
});

class Unreachable extends Error {}

function appFailingWith(failure: Error) {
  return quietApp({
    routes: [failing],
    ctx: { failure },
    retryAfterOutage: (err) => (err instanceof Unreachable ? 7 : undefined),
  });
}

describe('a dependency outage', () => {
  it('answers 503 with Retry-After when the app recognises the error as an outage', async () => {
    const res = await request(appFailingWith(new Unreachable('connect ECONNREFUSED'))).get(
      '/api/failing',
    );
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.body.detail).toContain('retry in 7 s');
    expect(res.body.detail).not.toContain('ECONNREFUSED');
  });

  it('keeps any other unknown error a 500 without Retry-After', async () => {
    const res = await request(appFailingWith(new Error('boom'))).get('/api/failing');
    expect(res.status).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});

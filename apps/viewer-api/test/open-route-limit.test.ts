import { afterAll, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildViewerTestApp } from './support/build-viewer-test-app.js';

const viewer = buildViewerTestApp({
  operatorToken: 'an-operator-token-of-the-limit-test',
  env: { OPEN_ROUTE_RATE_LIMIT: '2' },
});

afterAll(() => viewer.close());

it('limits open routes per source address, never health or the operator token', async () => {
  expect((await request(viewer.app).get('/api/corpus/feeds')).status).toBe(200);
  expect((await request(viewer.app).get('/api/corpus/stats')).status).toBe(200);
  const refused = await request(viewer.app).get('/api/corpus/feeds');
  expect(refused.status).toBe(429);
  // Seconds left of the 30-s window, which started at the first request: a slow first
  // corpus read can take a second of it.
  const wait = Number(refused.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(30);
  expect((await request(viewer.app).get('/api/health')).status).toBe(200);
  const operator = await request(viewer.app)
    .post('/api/corpus/topic-clusters/rebuild')
    .set('Authorization', 'Bearer an-operator-token-of-the-limit-test');
  expect(operator.status).not.toBe(429);
});

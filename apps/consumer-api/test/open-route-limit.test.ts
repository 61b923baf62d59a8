import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OPEN_ROUTE_LIMIT_PER_MINUTE } from '@podcast/runtime';
import request from 'supertest';
import { loadConsumerConfig } from '../src/env.js';
import { buildProductionTestApp, type TestApp } from './support/build-test-app.js';

const SECRET = 'an-open-route-limit-test-secret-32ch';
let t: TestApp;

beforeAll(async () => {
  t = await buildProductionTestApp(SECRET, {
    env: { OPEN_ROUTE_RATE_LIMIT: '3', TRUST_PROXY: 'loopback' },
  });
});

afterAll(() => t.close());

describe('the limit on open routes, per source address', () => {
  it('answers 429 with Retry-After past the limit, on any open route of that address', async () => {
    const from = (route: string) => request(t.app).get(route).set('X-Forwarded-For', '203.0.113.9');
    for (let i = 0; i < 3; i += 1) {
      expect((await from('/api/app/discover')).status).toBe(200);
    }
    const refused = await from('/api/app/profile/nobody/avatar');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.body.detail).toMatch(/too many requests/);
    const other = await request(t.app)
      .get('/api/app/discover')
      .set('X-Forwarded-For', '198.51.100.4');
    expect(other.status).toBe(200);
  });

  it('never limits the health check, and counts one IPv6 /64 as one caller', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await request(t.app).get('/api/health').set('X-Forwarded-For', '203.0.113.9');
      expect(res.status).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i += 1) {
      const res = await request(t.app)
        .get('/api/app/discover')
        .set('X-Forwarded-For', `2001:db8:7:7::${i}`);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('is on by default in production only, and 0 turns it off', () => {
    const base = { CORPUS_DIR: '/tmp', DATABASE_URL: 'postgres://x/y' };
    const prod = loadConsumerConfig({ ...base, APP_ENV: 'production', SESSION_SECRET: SECRET });
    expect(prod.openRouteLimitPerMinute).toBe(OPEN_ROUTE_LIMIT_PER_MINUTE);
    expect(loadConsumerConfig(base).openRouteLimitPerMinute).toBe(0);
    const off = {
      ...base,
      APP_ENV: 'production',
      SESSION_SECRET: SECRET,
      OPEN_ROUTE_RATE_LIMIT: '0',
    };
    expect(loadConsumerConfig(off).openRouteLimitPerMinute).toBe(0);
  });
});

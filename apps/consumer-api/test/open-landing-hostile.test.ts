import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';

describe('open landing routes under hostile input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ appEnv: 'production' });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    '/api/app/discover?limit=%00',
    '/api/app/discover?limit=%E0%A4%A',
    '/api/app/corpus/trending-topics?limit=1%002',
    '/api/app/profile/%E0%A4%A/avatar',
    '/api/app/profile/u_a%00b/avatar',
    `/api/app/profile/${'u'.repeat(300)}/avatar`,
  ])('GET %s answers 400, never 5xx', async (url) => {
    const res = await request(t.app).get(url);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });
});

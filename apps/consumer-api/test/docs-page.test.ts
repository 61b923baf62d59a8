import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildProductionTestApp, type TestApp } from './support/build-test-app.js';

describe('GET /docs/ of the consumer API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildProductionTestApp('a-docs-page-test-session-secret-0000');
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/docs/', '/docs/swagger-ui-init.js', '/docs/swagger-ui.css'])(
    'answers %s with a same-origin policy, DENY framing and nosniff',
    async (path) => {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(200);
      const policy = res.headers['content-security-policy'] as string;
      expect(policy).toMatch(/^default-src 'none'; script-src 'self'; style-src 'self' /);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain("'unsafe-inline'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildProductionTestApp, type TestApp } from './support/build-test-app.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

/*
 * GET /api/app/ask under what an adversary sends: a 400 naming the field,
 * a 404 for an episode that is not in the catalog, never a 5xx.
 */

let t: TestApp;
let cookie = '';

beforeAll(async () => {
  t = await buildProductionTestApp('an-ask-hostile-session-secret-of-32!!');
  cookie = (await sessionCookieFor(t.ctx, 'asker')).cookie;
});
afterAll(() => t.close());

const ask = (query: string) => request(t.app).get(`/api/app/ask?${query}`).set('cookie', cookie);

describe('GET /api/app/ask under hostile queries', () => {
  it.each([
    ['q=%00', 'query.q'],
    ['q=why%00not', 'query.q'],
    ['q=%zz', 'query.q'],
    ['q=%E0%A4%A', 'query.q'],
    [`q=${'q'.repeat(501)}`, 'query.q'],
    ['q=a&q=b', 'query.q'],
    ['q=%20%09', 'query.q'],
    ['q=why&top_k=1e9', 'query.top_k'],
    ['q=why&top_k=-1', 'query.top_k'],
    ['q=why&top_k=NaN', 'query.top_k'],
    ['q=why&top_k=Infinity', 'query.top_k'],
    ['q=why&top_k=1&top_k=2', 'query.top_k'],
    ['q=why&scope=everything', 'query.scope'],
    ['q=why&scope=corpus&scope=library', 'query.scope'],
    ['q=why&scope=episode', 'query.episode'],
    [`q=why&scope=episode&episode=${'e'.repeat(301)}`, 'query.episode'],
    ['q=why&scope=episode&episode=%00', 'query.episode'],
    ['q=why&scope=episode&episode=a&episode=b', 'query.episode'],
  ])('%s answers 400 naming %s', async (query, field) => {
    const res = await ask(query);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
  });

  it.each(['..', '%2e%2e', '.git', '.hidden', '..%2F..%2Fetc%2Fpasswd', '%E2%80%AE'])(
    'answers 404 for the episode %s',
    async (episode) => {
      const res = await ask(`q=why&scope=episode&episode=${episode}`);
      expect(res.status).toBe(404);
    },
  );

  it('answers 431 for a 100 KB question without reading it', async () => {
    expect((await ask(`q=${'q'.repeat(100_000)}`)).status).toBe(431);
  });

  it('answers a question in any script, bidirectional and control characters and all', async () => {
    for (const q of ['\u202Ewhy\u202C', 'battery\u0007\u001b[31m', '\u2067sleep\u2069?']) {
      const res = await ask(`q=${encodeURIComponent(q)}&scope=library`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('abstained');
    }
  });
});

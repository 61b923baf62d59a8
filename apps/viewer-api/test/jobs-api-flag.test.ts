import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { viewerRouteGroups } from '../src/routes/index.js';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';
import { type ViewerOnRedis, viewerOnRedis } from './support/jobs-harness.js';

/*
 * JOBS_API_ENABLED=false with the jobs group mounted (REDIS_URL set): every
 * route of the group answers 500 naming the jobs API (spec 03), whatever its
 * method. The table gives each route a request it would otherwise accept;
 * a route added to the group without a row here fails the first test.
 */

const TOKEN = 'jobs-api-flag-operator-token';
const JOB = 'job_m3k2p9x1a7c4e2';

const VALID_REQUESTS: Record<string, { query?: Record<string, string>; body?: object }> = {
  'get /api/jobs': {},
  'post /api/jobs': { body: { feed: 'https://feeds.example.org/show.xml' } },
  'post /api/jobs/enrichment': { body: {} },
  'post /api/jobs/reconcile': {},
  'get /api/jobs/subprocess-log': { query: { job_id: JOB } },
  'get /api/jobs/subprocess-log-tail': { query: { job_id: JOB } },
  'get /api/jobs/{job_id}': {},
  'post /api/jobs/{job_id}/cancel': {},
  'get /api/jobs/{job_id}/log': {},
  'get /api/jobs/{job_id}/log-tail': {},
  'get /api/scheduled-jobs': {},
  'get /api/enrichment/status': {},
  'get /api/enrichment/health': {},
  'get /api/enrichment/metrics': {},
  'get /api/enrichment/run-summary': {},
  'get /api/enrichment/events': {},
  'post /api/enrichment/health/{enricher_id}/re-enable': { body: {} },
  'post /api/enrichment/evaluations': {
    body: { enricher_id: 'topic_consensus', precision: 0.8, sample_size: 10 },
  },
  'get /api/enrichment/config/schema': {},
  'get /api/enrichment/config/admission': {},
  'get /api/enrichment/config': {},
  'put /api/enrichment/config': { body: { enrichment_block: { enabled: true } } },
  'get /api/enrichment/provider-types': {},
};

const jobsGroup = viewerRouteGroups.find((group) => group.name === 'jobs')?.routes ?? [];

let on: ViewerOnRedis;
let off: ViewerTestApp;

beforeAll(() => {
  on = viewerOnRedis('jobs-api-flag', TOKEN);
  off = buildViewerTestApp({
    corpusDir: on.corpus.corpusDir,
    operatorToken: TOKEN,
    env: { REDIS_URL: on.redis.url, REDIS_PREFIX: on.redis.prefix, JOBS_API_ENABLED: 'false' },
  });
});

afterAll(async () => {
  await off.close();
  await on.close();
});

describe('JOBS_API_ENABLED=false', () => {
  it('has a request for every route of the jobs group', () => {
    const routes = jobsGroup.map((route) => `${route.method} ${route.path}`).sort();
    expect(routes).toEqual(Object.keys(VALID_REQUESTS).sort());
  });

  it('reports jobs_api false in the health flags', async () => {
    expect((await request(off.app).get('/api/health')).body.jobs_api).toBe(false);
  });

  it.each(
    jobsGroup.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const),
  )('%s answers 500 naming the jobs API', async (_name, route) => {
    const given = VALID_REQUESTS[`${route.method} ${route.path}`] ?? {};
    const url = route.path.replace('{job_id}', JOB).replace('{enricher_id}', 'grounding_rate');
    let call = request(off.app)
      [route.method](url)
      .query({ path: on.corpus.corpusDir, ...given.query })
      .set('Authorization', `Bearer ${TOKEN}`);
    if (given.body !== undefined) {
      call = call.send(given.body);
    }
    const res = await call;
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.detail).toMatch(/jobs API/);
  });

  it('enqueues nothing while off, as the same Redis with the flag on shows', async () => {
    const res = await on.operator('get', '/api/jobs');
    expect(res.status).toBe(200);
    expect(res.body.jobs).toEqual([]);
  });

  it('still asks for the operator token first', async () => {
    const res = await request(off.app).post('/api/jobs').query({ path: on.corpus.corpusDir });
    expect(res.status).toBe(401);
  });
});

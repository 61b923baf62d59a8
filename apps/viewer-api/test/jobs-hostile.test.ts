import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { type ViewerOnRedis, viewerOnRedis } from './support/jobs-harness.js';

const TOKEN = 'operator-token-for-jobs-probes';
const LONG = 'n'.repeat(300);

let setup: ViewerOnRedis;

beforeAll(() => {
  setup = viewerOnRedis('jobs-hostile', TOKEN);
});

afterAll(() => setup.close());

/** Each probe: method, URL, optional JSON body; sent with the operator token. */
const PROBES: [string, string, unknown?][] = [
  ['get', '/api/jobs?path=%E0%A4%A'],
  ['get', '/api/jobs?limit=%00'],
  ['get', '/api/jobs?limit=0x10'],
  ['get', '/api/enrichment/events?limit=1e1'],
  ['get', '/api/jobs/job_0000000000/log-tail?max_bytes=%2B3'],
  ['get', '/api/jobs?command_type=shell'],
  ['get', `/api/jobs/${LONG}`],
  ['get', '/api/jobs/job_%00abc'],
  ['post', '/api/jobs/%E0%A4%A/cancel'],
  ['get', `/api/jobs/subprocess-log?job_id=${LONG}`],
  ['get', '/api/jobs/subprocess-log-tail?job_id=job_0000000000&max_bytes=-1'],
  ['get', '/api/jobs/job_0000000000/log-tail?max_bytes=1e9'],
  ['post', '/api/jobs', { feed: { url: 'x' } }],
  ['post', '/api/jobs', { max_episodes: '5' }],
  ['post', '/api/jobs', { feed: `rss_${LONG}` }],
  ['post', '/api/jobs', { feed: 'javascript:alert(1)' }],
  ['post', '/api/jobs/enrichment', { only: Array.from({ length: 200 }, () => 'x') }],
  ['post', '/api/jobs/enrichment', { skip: [LONG.replace(/n/g, '-')] }],
  ['get', '/api/enrichment/events?enricher_id=%E0%A4%A'],
  ['get', `/api/enrichment/events?run_id=${LONG}`],
  ['get', '/api/enrichment/health?enricher_id=a%00b'],
  ['post', '/api/enrichment/health/%E0%A4%A/re-enable', {}],
  ['post', `/api/enrichment/health/${LONG}/re-enable`, {}],
  ['put', '/api/enrichment/config', { enrichment_block: { enrichers: { [LONG]: {} } } }],
  ['put', '/api/enrichment/config', { enrichment_block: 'x' }],
  [
    'put',
    '/api/enrichment/config',
    { enrichment_block: { enrichers: { grounding_rate: { enabled: 'yes' } } } },
  ],
  ['get', '/api/enrichment/metrics?window=%00'],
  ['get', '/api/scheduled-jobs?path=%E0%A4%A'],
  ['get', `/api/scheduled-jobs?path=/${LONG}`],
  ['get', '/api/resilience?path=a%00b'],
  ['post', '/api/ops/resilience/reset?scope=%E0%A4%A'],
  ['post', `/api/ops/resilience/reset?scope=enricher:${LONG}`],
  ['get', '/api/usage?window=%00'],
  ['get', `/api/usage?provider=${LONG}`],
];

describe('jobs and enrichment routes under hostile input', () => {
  // Every row has three cells, so jest never mistakes the body for a done callback.
  const rows = PROBES.map(([method, url, body]) => [method, url, body ?? null] as const);
  it.each(rows)('%s %s answers 4xx, never 5xx', async (method, url, body) => {
    const agent = request(setup.viewer.app);
    const call =
      method === 'post' ? agent.post(url) : method === 'put' ? agent.put(url) : agent.get(url);
    const res = await (body === null ? call : call.send(body as object)).set(
      'authorization',
      `Bearer ${TOKEN}`,
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('refuses an oversize config body with a 413', async () => {
    const huge = {
      enrichment_block: { enrichers: { grounding_rate: { note: 'x'.repeat(300_000) } } },
    };
    const res = await request(setup.viewer.app)
      .put('/api/enrichment/config')
      .set('authorization', `Bearer ${TOKEN}`)
      .send(huge);
    expect(res.status).toBe(413);
  });

  it.each([
    ['/api/jobs'],
    ['/api/scheduled-jobs'],
    ['/api/resilience'],
    ['/api/usage'],
    ['/api/enrichment/status'],
    ['/api/enrichment/events'],
    ['/api/enrichment/config'],
  ])('%s refuses a path into a hidden folder of the corpus', async (url) => {
    const res = await request(setup.viewer.app)
      .get(url)
      .query({ path: `${setup.corpus.corpusDir}/.viewer` })
      .set('authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(403);
  });
});

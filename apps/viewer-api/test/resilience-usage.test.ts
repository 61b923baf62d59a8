import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freshHealth } from '@podcast/enrichment';
import { copySampleCorpus, type SampleCorpusCopy } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';

const TOKEN = 'resilience-usage-operator-token';
const AUTH = { Authorization: `Bearer ${TOKEN}` };
const NOW = new Date('2026-11-26T12:00:00Z');

let corpus: SampleCorpusCopy;
let viewer: ViewerTestApp;
let root: string;
let now = NOW;

function completed(enricherId: string, ts: string, cost: number, status = 'ok') {
  return JSON.stringify({
    event_type: 'enrichment.enricher.completed',
    ts,
    run_id: 'enrich_x',
    parent_run_id: null,
    enricher_id: enricherId,
    enricher_version: '1.0.0',
    tier: 'embedding',
    attempt: null,
    job_id: null,
    status,
    cost_usd: cost,
  });
}

beforeAll(() => {
  corpus = copySampleCorpus('resilience-usage');
  root = corpus.corpusDir;
  viewer = buildViewerTestApp({ corpusDir: root, operatorToken: TOKEN, now: () => now });
});
afterAll(async () => {
  await viewer.close();
  corpus.remove();
});

describe('GET /api/resilience', () => {
  it('reports no recorded health yet, with every enricher closed', async () => {
    const res = await request(viewer.app).get('/api/resilience');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ available: false, open_breakers: [], blown_fuses: [] });
    expect(res.body.reason).toMatch(/no enrichment run has recorded health/);
  });

  it('shows open breakers and blown fuses per enricher and per provider', async () => {
    writeFileSync(
      join(root, 'viewer_operator.yaml'),
      'enrichment:\n  enrichers:\n    topic_similarity:\n      provider:\n        type: sentence_transformer_local\n        model_dir: /m\n        model: mini\n',
    );
    mkdirSync(join(root, '.viewer'), { recursive: true });
    writeFileSync(
      join(root, '.viewer', 'enrichment_health.json'),
      JSON.stringify({
        schema_version: '1',
        enrichers: {
          topic_similarity: {
            ...freshHealth(),
            consecutive_failures: 5,
            circuit_state: 'open',
            circuit_opened_at: '2026-11-26T11:55:00Z',
            cooldown_until: '2026-11-26T12:10:00Z',
          },
          grounding_rate: {
            ...freshHealth(),
            consecutive_failures: 5,
            auto_disabled: true,
            auto_disabled_reason: 'five failed runs',
          },
        },
      }),
    );
    const res = await request(viewer.app).get('/api/resilience');
    expect(res.body).toMatchObject({
      available: true,
      reason: null,
      open_breakers: ['topic_similarity'],
      blown_fuses: ['grounding_rate'],
    });
    const provider = res.body.providers.find(
      (p: { provider_type: string }) => p.provider_type === 'sentence_transformer_local',
    );
    expect(provider).toEqual({
      provider_type: 'sentence_transformer_local',
      enrichers: ['topic_similarity'],
      circuit_state: 'open',
      open_breakers: 1,
      blown_fuses: 0,
      cooldown_until: '2026-11-26T12:10:00Z',
    });
    const summary = await request(viewer.app).get('/api/ops/summary');
    expect(summary.status).toBe(200);
    expect(summary.body.provider_health.available).toBe(true);
    expect(summary.body.provider_health.providers).toContainEqual(provider);
  });

  it('shows a breaker whose cooldown has passed as closed', async () => {
    now = new Date('2026-11-26T12:30:00Z');
    try {
      const res = await request(viewer.app).get('/api/resilience');
      expect(res.body.open_breakers).toEqual([]);
    } finally {
      now = NOW;
    }
  });
});

describe('POST /api/ops/resilience/reset', () => {
  it('needs the operator token', async () => {
    expect(
      (await request(viewer.app).post('/api/ops/resilience/reset').query({ scope: 'enricher:x' }))
        .status,
    ).toBe(401);
  });

  it.each([
    ['everything', 400, /query\.scope/],
    ['enricher:', 400, /query\.scope/],
    ['enricher:a%00b', 400, /query\.scope/],
    ['enricher:never_heard_of', 404, /no enricher never_heard_of/],
    ['provider:openai', 404, /no provider openai/],
  ])('answers scope %j with %i', async (scope, status, detail) => {
    const res = await request(viewer.app)
      .post(`/api/ops/resilience/reset?scope=${scope}`)
      .set(AUTH);
    expect(res.status).toBe(status);
    expect(res.body.detail).toMatch(detail);
  });

  it('closes the breakers of a provider before their cooldown, keeping the fuses', async () => {
    const res = await request(viewer.app)
      .post('/api/ops/resilience/reset')
      .query({ scope: 'provider:sentence_transformer_local' })
      .set(AUTH);
    expect(res.status).toBe(200);
    expect(res.body.open_breakers).toEqual([]);
    expect(res.body.blown_fuses).toEqual(['grounding_rate']);
    const health = JSON.parse(
      readFileSync(join(root, '.viewer', 'enrichment_health.json'), 'utf8'),
    );
    expect(health.enrichers.topic_similarity.audit.at(-1)).toMatchObject({
      action: 'breaker_reset',
      reason: 'provider:sentence_transformer_local',
    });
  });
});

describe('GET /api/usage', () => {
  beforeAll(() => {
    mkdirSync(join(root, 'enrichments'), { recursive: true });
    writeFileSync(
      join(root, 'enrichments', 'run.jsonl'),
      [
        completed('topic_similarity', '2026-11-20T12:00:00Z', 9),
        completed('topic_similarity', '2026-11-26T10:00:00Z', 0.25),
        completed('topic_similarity', '2026-11-26T11:00:00Z', 0.5),
        completed('temporal_velocity', '2026-11-26T11:30:00Z', 0),
        completed('insight_density', '2026-11-26T11:31:00Z', 0, 'skipped'),
        '{torn line',
      ].join('\n'),
    );
  });

  it('rolls spend and runs up per provider over the window, with no invented tokens', async () => {
    const res = await request(viewer.app).get('/api/usage').query({ window: '24h' });
    expect(res.status).toBe(200);
    expect(res.body.providers).toEqual([
      {
        provider_type: 'none',
        enrichers: ['temporal_velocity'],
        runs: 1,
        spend_usd: 0,
        tokens: null,
        tokens_reason: expect.stringMatching(/no token counts are recorded/),
      },
      {
        provider_type: 'sentence_transformer_local',
        enrichers: ['topic_similarity'],
        runs: 2,
        spend_usd: 0.75,
        tokens: null,
        tokens_reason: expect.any(String),
      },
    ]);
    const week = await request(viewer.app)
      .get('/api/usage')
      .query({ window: '7d', provider: 'sentence_transformer_local' });
    expect(week.body.providers).toHaveLength(1);
    expect(week.body.providers[0]).toMatchObject({ runs: 3, spend_usd: 9.75 });
  });

  it.each([
    [{ window: '2w' }, /query\.window/],
    [{ provider: 'a b' }, /query\.provider/],
    [{ path: '/etc' }, /outside the configured corpus roots/],
  ])('refuses %j', async (query, detail) => {
    const res = await request(viewer.app).get('/api/usage').query(query);
    expect([400, 403]).toContain(res.status);
    expect(res.body.detail).toMatch(detail);
  });
});

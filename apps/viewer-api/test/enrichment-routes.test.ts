import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EnricherRegistry, enrichCorpus, systemClock } from '@podcast/enrichment';
import type { SampleCorpusCopy } from '@podcast/testing';
import { pino } from 'pino';
import request from 'supertest';
import { parse } from 'yaml';
import type { ViewerTestApp } from './support/build-viewer-test-app.js';
import { longestBlockDuring } from './support/event-loop.js';
import { type ViewerOnRedis, viewerOnRedis } from './support/jobs-harness.js';

const TOKEN = 'enrichment-routes-token';
const AUTH = { Authorization: `Bearer ${TOKEN}` };
const OPERATOR_FILE = `# operator settings, kept by hand
profile: dev
topic_cluster_threshold: 0.8 # tuned in November
`;

let stack: ViewerOnRedis;
let corpus: SampleCorpusCopy;
let viewer: ViewerTestApp;
let root: string;

const get = (path: string, query: Record<string, unknown> = {}) =>
  request(viewer.app)
    .get(path)
    .query({ path: root, ...query });

beforeAll(() => {
  stack = viewerOnRedis('enrichment-routes', TOKEN, { operatorFile: OPERATOR_FILE });
  ({ corpus, viewer } = stack);
  root = corpus.corpusDir;
});

afterAll(() => stack.close());

describe('before any run', () => {
  it('answers available: false for the status, fresh health and empty metrics', async () => {
    expect((await get('/api/enrichment/status')).body).toEqual({
      available: false,
      reason: 'no enrichment run has started on this corpus',
    });
    // The sample corpus ships the summary of the pipeline's own last run.
    expect((await get('/api/enrichment/run-summary')).body).toMatchObject({
      available: true,
      run_id: 'enrich_20261115-095751',
    });
    const health = await get('/api/enrichment/health');
    expect(health.status).toBe(200);
    expect(health.body.enrichers.temporal_velocity).toMatchObject({
      consecutive_failures: 0,
      auto_disabled: false,
      circuit_state: 'closed',
    });
    const metrics = await get('/api/enrichment/metrics');
    expect(metrics.body).toEqual({ window: '24h', per_enricher: {} });
  });
});

describe('after a run', () => {
  beforeAll(async () => {
    await enrichCorpus(
      { corpusRoot: root, selection: {}, jobId: null, parentRunId: null },
      {
        registry: new EnricherRegistry(),
        logger: pino({ level: 'silent' }),
        clock: systemClock,
        random: Math.random,
        signal: new AbortController().signal,
      },
    );
  });

  it('reports the status, the summary and the metrics of the run', async () => {
    const status = await get('/api/enrichment/status');
    expect(status.body).toMatchObject({
      available: true,
      profile: 'dev',
      current_enricher: null,
      queue: [],
    });
    expect(status.body.completed.map((c: { enricher_id: string }) => c.enricher_id).sort()).toEqual(
      ['insight_density', 'temporal_velocity'],
    );
    const summary = await get('/api/enrichment/run-summary');
    expect(summary.body).toMatchObject({ available: true, status: 'ok', profile: 'dev' });
    const metrics = await get('/api/enrichment/metrics', { window: '1h' });
    expect(metrics.body.per_enricher.temporal_velocity).toMatchObject({
      runs_total: 1,
      runs_ok: 1,
      runs_failed: 0,
      retries_total: 0,
      total_cost_usd: 0,
    });
  });

  it('filters the events and bounds them by limit', async () => {
    const one = await get('/api/enrichment/events', { limit: 1 });
    expect(one.body.count).toBe(1);
    expect(one.body.events[0].event_type).toBe('enrichment.run.completed');
    const started = await get('/api/enrichment/events', {
      event_type: 'enrichment.enricher.started',
      enricher_id: 'insight_density',
    });
    expect(started.body.count).toBe(1);
    expect(started.body.events[0]).toMatchObject({
      enricher_id: 'insight_density',
      attempt: 1,
      scope: 'episode',
      episodes: 24,
    });
  });

  it.each([
    ['/api/enrichment/metrics', { window: '2d' }, /query\.window/],
    ['/api/enrichment/events', { limit: 0 }, /query\.limit/],
    ['/api/enrichment/events', { limit: 5000 }, /query\.limit/],
    ['/api/enrichment/events', { event_type: 'drop table' }, /query\.event_type/],
    ['/api/enrichment/health', { enricher_id: 'a-b' }, /query\.enricher_id/],
    ['/api/enrichment/status', { path: '/etc' }, /outside the configured corpus roots/],
  ])('GET %s %j is refused naming the field', async (path, query, detail) => {
    const res = await get(path, query);
    expect([400, 403]).toContain(res.status);
    expect(res.body.detail).toMatch(detail);
  });

  it('answers one health record, and 404 for an unknown enricher', async () => {
    const one = await get('/api/enrichment/health', { enricher_id: 'temporal_velocity' });
    expect(Object.keys(one.body.enrichers)).toEqual(['temporal_velocity']);
    expect(one.body.enrichers.temporal_velocity.last_status).toBe('ok');
    expect((await get('/api/enrichment/health', { enricher_id: 'nope' })).status).toBe(404);
  });
});

describe('POST /api/enrichment/health/{id}/re-enable', () => {
  const url = '/api/enrichment/health/temporal_velocity/re-enable';

  it('needs the operator token', async () => {
    expect((await request(viewer.app).post(url).send({})).status).toBe(401);
  });

  it('re-enables, records the reason and logs the event', async () => {
    const res = await stack.operator('post', url).send({ reason: 'provider fixed' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ auto_disabled: false, consecutive_failures: 0 });
    expect(res.body.audit.at(-1)).toMatchObject({ reason: 'provider fixed', action: 're_enabled' });
    const events = await get('/api/enrichment/events', {
      event_type: 'enrichment.health.re_enabled',
    });
    expect(events.body.events.at(-1)).toMatchObject({
      enricher_id: 'temporal_velocity',
      reason: 'provider fixed',
    });
  });

  it.each([
    ['/api/enrichment/health/nope/re-enable', {}, 404],
    ['/api/enrichment/health/temporal_velocity/re-enable', { reason: '' }, 400],
    ['/api/enrichment/health/temporal_velocity/re-enable', { reason: 'x'.repeat(1001) }, 400],
    ['/api/enrichment/health/temporal_velocity/re-enable', { why: 'x' }, 400],
    ['/api/enrichment/health/bad%00id/re-enable', {}, 400],
  ])('POST %s %j answers %i', async (path, body, status) => {
    const res = await stack.operator('post', path).send(body);
    expect(res.status).toBe(status);
  });
});

describe('configuration', () => {
  it('shows the profile, operator and resolved blocks', async () => {
    const res = await get('/api/enrichment/config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ corpus_path: root, profile: 'dev', operator_block: null });
    expect(res.body.resolved_block).toEqual(res.body.profile_block);
  });

  it('stores a valid block, keeping every other key and comment, and answers the fresh view', async () => {
    const block = {
      enrichers: {
        temporal_velocity: { window_months: 6 },
        grounding_rate: {},
        topic_similarity: {
          top_k: 3,
          provider: {
            type: 'sentence_transformer_local',
            model_dir: '/srv/models',
            model: 'org/mini',
          },
        },
      },
    };
    const res = await stack
      .operator('put', '/api/enrichment/config')
      .send({ enrichment_block: block });
    expect(res.status).toBe(200);
    expect(res.body.operator_block).toEqual(block);
    expect(res.body.resolved_block.enrichers.temporal_velocity).toEqual({ window_months: 6 });
    expect(res.body.resolved_block.enrichers.insight_density).toEqual({});
    const text = readFileSync(join(root, 'viewer_operator.yaml'), 'utf8');
    expect(text).toContain('# operator settings, kept by hand');
    expect(text).toContain('topic_cluster_threshold: 0.8 # tuned in November');
    expect(text).toContain('window_months: 6');
    const admission = await get('/api/enrichment/config/admission');
    expect(
      admission.body.enrichers.find(
        (e: { enricher_id: string }) => e.enricher_id === 'grounding_rate',
      ),
    ).toMatchObject({
      decision: 'promote',
      tier: 'deterministic',
      scope: 'corpus',
    });
  });

  it('keeps a feed list and every other top-level key of the file (spec 03)', async () => {
    const file = join(root, 'viewer_operator.yaml');
    const before = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      `${before}feeds:\n  - https://a.example/rss # the show\nrss_urls: [https://b.example/rss]\n`,
    );
    try {
      const res = await stack
        .operator('put', '/api/enrichment/config')
        .send({ enrichment_block: { enrichers: { insight_density: {} } } });
      expect(res.status).toBe(200);
      const text = readFileSync(file, 'utf8');
      expect(text).toContain('https://a.example/rss # the show');
      expect(parse(text)).toMatchObject({
        profile: 'dev',
        topic_cluster_threshold: 0.8,
        feeds: ['https://a.example/rss'],
        rss_urls: ['https://b.example/rss'],
        enrichment: { enrichers: { insight_density: {} } },
      });
      for (const path of [
        '/api/enrichment/config',
        '/api/enrichment/config/admission',
        '/api/scheduled-jobs',
      ]) {
        expect((await get(path)).status).toBe(200);
      }
      // Only the operator-config PUT refuses the feed keys.
      const put = await stack.operator('put', '/api/operator-config').send({ content: text });
      expect(put.status).toBe(400);
      expect(put.body.error).toBe('forbidden_operator_feed_keys');
    } finally {
      writeFileSync(file, before);
    }
  });

  it('still refuses to edit a file that holds a secret, writing nothing', async () => {
    const file = join(root, 'viewer_operator.yaml');
    const before = readFileSync(file, 'utf8');
    writeFileSync(file, `${before}openai_api_key: sk-not-for-the-file\n`);
    try {
      const res = await stack
        .operator('put', '/api/enrichment/config')
        .send({ enrichment_block: { enrichers: { insight_density: {} } } });
      expect(res.status).toBe(409);
      expect(res.body.keys).toEqual(['openai_api_key']);
      expect(readFileSync(file, 'utf8')).toBe(`${before}openai_api_key: sk-not-for-the-file\n`);
    } finally {
      writeFileSync(file, before);
    }
  });

  it('refuses a deeply nested stored file with 409 at once, on GET and PUT', async () => {
    const file = join(root, 'viewer_operator.yaml');
    const before = readFileSync(file, 'utf8');
    const nested = `${before}nested: ${'['.repeat(100_000)}\n`;
    writeFileSync(file, nested);
    try {
      const { value, longestBlockMs } = await longestBlockDuring(async () => [
        await get('/api/enrichment/config'),
        await stack
          .operator('put', '/api/enrichment/config')
          .send({ enrichment_block: { enrichers: { insight_density: {} } } }),
      ]);
      for (const res of value) {
        expect(res.status).toBe(409);
        expect(res.body.detail).toMatch(/nested deeper than 32 levels/);
      }
      expect(longestBlockMs).toBeLessThan(150);
      expect(readFileSync(file, 'utf8')).toBe(nested);
    } finally {
      writeFileSync(file, before);
    }
  });

  it.each([
    [
      { enrichers: { temporal_velocity: { window_months: 'lots' } } },
      'enrichment_block.enrichers.temporal_velocity.window_months',
    ],
    [
      { enrichers: { temporal_velocity: { window_month: 6 } } },
      'enrichment_block.enrichers.temporal_velocity.window_month',
    ],
    [{ enrichers: { nope: {} } }, 'enrichment_block.enrichers.nope'],
    [{ max_total_cost_usd_per_run: -1 }, 'enrichment_block.max_total_cost_usd_per_run'],
    [{ surprise: true }, 'enrichment_block.surprise'],
    [
      { enrichers: { topic_similarity: { provider: { type: 'sentence_transformer_local' } } } },
      'enrichment_block.enrichers.topic_similarity.provider',
    ],
    [
      {
        enrichers: {
          topic_similarity: { provider: { type: 'deberta_local', model_dir: '/m', model: 'x' } },
        },
      },
      'enrichment_block.enrichers.topic_similarity.provider.type',
    ],
    [
      { enrichers: { grounding_rate: { provider: { type: 'sentence_transformer_local' } } } },
      'enrichment_block.enrichers.grounding_rate.provider',
    ],
  ])('refuses %j with a 400 naming %s and writes nothing', async (block, field) => {
    const before = readFileSync(join(root, 'viewer_operator.yaml'), 'utf8');
    const res = await stack
      .operator('put', '/api/enrichment/config')
      .send({ enrichment_block: block });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(readFileSync(join(root, 'viewer_operator.yaml'), 'utf8')).toBe(before);
  });

  it('needs the operator token and an object body', async () => {
    expect(
      (await request(viewer.app).put('/api/enrichment/config').send({ enrichment_block: {} }))
        .status,
    ).toBe(401);
    const bad = await request(viewer.app)
      .put('/api/enrichment/config')
      .set(AUTH)
      .send({ enrichment_block: [1] });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^body\.enrichment_block/);
  });

  it('publishes the composed schema and the provider types', async () => {
    const schema = await get('/api/enrichment/config/schema');
    expect(schema.body.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(
      schema.body.properties.enrichers.properties.temporal_velocity.properties.window_months,
    ).toMatchObject({
      type: 'integer',
      minimum: 6,
    });
    const types = await get('/api/enrichment/provider-types');
    expect(types.body.by_protocol.EmbeddingProvider.map((t: { name: string }) => t.name)).toEqual([
      'static_word_vectors',
      'sentence_transformer_local',
    ]);
    expect(types.body.by_protocol.NliScorer.map((t: { name: string }) => t.name)).toEqual([
      'word_vector_nli',
      'deberta_local',
    ]);
  });
});

describe('files a symlink leads out of the corpus', () => {
  it('are read as absent, never served', async () => {
    const outside = join(corpus.dir, 'outside.json');
    writeFileSync(
      outside,
      JSON.stringify({ run_id: 'from-outside', event_type: 'enrichment.run.started', ts: 'x' }),
    );
    for (const rel of [
      'enrichments/run_summary.json',
      'enrichments/run.jsonl',
      '.viewer/enrichment_status.json',
    ]) {
      rmSync(join(root, rel), { force: true });
      symlinkSync(outside, join(root, rel));
    }
    expect((await get('/api/enrichment/run-summary')).body).toMatchObject({ available: false });
    expect((await get('/api/enrichment/status')).body).toMatchObject({ available: false });
    expect((await get('/api/enrichment/events')).body).toEqual({ events: [], count: 0 });
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import {
  hasEnded,
  type RunnerProcess,
  startRunner,
  type ViewerOnRedis,
  viewerOnRedis,
  waitForJob,
} from './support/jobs-harness.js';

/*
 * The model-based enrichers from a job (spec 03): a corpus on the
 * cloud_balanced profile (provider blocks on the offline word-vector
 * providers), an operator file that also holds a feed list, an evaluation
 * recorded through the route, then POST /api/jobs/enrichment through
 * BullMQ on the local Redis and the real runner process.
 */

const TOKEN = 'jobs-enrichment-ml-operator';
const OPERATOR_FILE = `# kept by hand
profile: cloud_balanced
feeds:
  - https://feeds.example.org/show.xml
`;

let stack: ViewerOnRedis;
let runner: RunnerProcess;
let root = '';

const envelope = (id: string) =>
  JSON.parse(readFileSync(join(root, 'enrichments', `${id}.json`), 'utf8'));

const decisionOf = async (id: string) =>
  (await stack.operator('get', '/api/enrichment/config/admission')).body.enrichers.find(
    (row: { enricher_id: string }) => row.enricher_id === id,
  );

beforeAll(async () => {
  stack = viewerOnRedis('jobs-enrichment-ml', TOKEN, { operatorFile: OPERATOR_FILE });
  root = stack.corpus.corpusDir;
  runner = startRunner({
    REDIS_URL: stack.redis.url,
    REDIS_PREFIX: stack.redis.prefix,
    CORPUS_DIR: root,
  });
  await runner.ready();
}, 30_000);

afterAll(async () => {
  await runner.stop();
  await stack.close();
});

describe('POST /api/enrichment/evaluations', () => {
  const body = { enricher_id: 'topic_consensus', precision: 0.8, sample_size: 40 };

  it('needs the operator token', async () => {
    const res = await request(stack.viewer.app)
      .post('/api/enrichment/evaluations')
      .query({ path: root })
      .send(body);
    expect(res.status).toBe(401);
  });

  it.each([
    [{ ...body, precision: 1.5 }, 'body.precision'],
    [{ ...body, precision: -0.1 }, 'body.precision'],
    [{ ...body, recall: 2 }, 'body.recall'],
    [{ ...body, sample_size: 0 }, 'body.sample_size'],
    [{ ...body, sample_size: 2.5 }, 'body.sample_size'],
    [{ ...body, enricher_id: 'topic_similarity' }, 'body.enricher_id'],
    [{ ...body, enricher_id: 'no_such_enricher' }, 'body.enricher_id'],
    [{ ...body, enricher_id: '../x' }, 'body.enricher_id'],
    [{ ...body, evaluated_at: '2999-01-01T00:00:00Z' }, 'body.evaluated_at'],
    [{ precision: 0.8, sample_size: 40 }, 'body.enricher_id'],
    [{ ...body, surprise: true }, 'surprise'],
  ])('refuses %j with a 400 naming %s', async (given, field) => {
    const res = await stack.operator('post', '/api/enrichment/evaluations').send(given);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors ?? res.body.detail)).toContain(field);
  });

  it('records an evaluation the accuracy gate then admits', async () => {
    expect(await decisionOf('topic_consensus')).toMatchObject({
      decision: 'gate',
      reason: { kind: 'accuracy_gate' },
    });
    const res = await stack
      .operator('post', '/api/enrichment/evaluations')
      .send({ ...body, recall: 0.6, provider_type: 'word_vector_nli' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      enricher_id: 'topic_consensus',
      precision: 0.8,
      recall: 0.6,
      sample_size: 40,
      provider_type: 'word_vector_nli',
      recorded_by: 'operator-token',
      gate: { threshold: 0.5, newest_precision: 0.8, admits: true },
    });
    const stored = JSON.parse(
      readFileSync(join(root, 'enrichments', 'evaluations', res.body.file), 'utf8'),
    );
    expect(stored).toMatchObject({ enricher_id: 'topic_consensus', precision: 0.8 });
    expect(await decisionOf('topic_consensus')).toMatchObject({
      decision: 'promote',
      precision: 0.8,
    });
  });
});

describe('an enrichment job on a profile with provider blocks', () => {
  it('passes --with-ml and runs topic_similarity and topic_consensus end to end', async () => {
    const admission = await stack.operator('get', '/api/enrichment/config/admission');
    expect(admission.body.with_ml).toBe(true);
    const res = await stack.operator('post', '/api/jobs/enrichment').send({});
    expect(res.status).toBe(202);
    const job = await waitForJob(stack.viewer.app, root, res.body.job_id, hasEnded, 90_000);
    expect(job).toMatchObject({ status: 'succeeded', exit_code: 0 });

    const log = await stack.operator('get', `/api/jobs/${job.job_id}/log`);
    expect(log.text).toMatch(/running .*"--with-ml"/);
    const summary = JSON.parse(readFileSync(join(root, 'enrichments', 'run_summary.json'), 'utf8'));
    expect(summary).toMatchObject({ job_id: job.job_id, profile: 'cloud_balanced', status: 'ok' });
    for (const id of ['topic_similarity', 'topic_consensus', 'topic_theme_clusters']) {
      expect(summary.per_enricher[id]).toMatchObject({ status: 'ok', runs_ok: 1 });
      expect(envelope(id)).toMatchObject({ enricher_id: id, status: 'ok' });
    }
    const similarity = envelope('topic_similarity').data.topics;
    expect(similarity.length).toBeGreaterThan(10);
    expect(similarity.some((t: { top_k: unknown[] }) => t.top_k.length > 0)).toBe(true);
    const consensus = envelope('topic_consensus').data.consensus;
    expect(consensus.length).toBeGreaterThan(0);
    for (const row of consensus) {
      expect(row.contradiction).toBeGreaterThanOrEqual(0);
      expect(row.contradiction).toBeLessThanOrEqual(1);
    }
  }, 120_000);

  it('serves the storylines the run wrote', async () => {
    await stack.viewer.refresh(root);
    const res = await request(stack.viewer.app).get('/api/corpus/storylines').query({ path: root });
    expect(res.status).toBe(200);
    const written = envelope('topic_theme_clusters').data.clusters.map(
      (c: { graph_compound_parent_id: string }) => c.graph_compound_parent_id,
    );
    expect(written.length).toBeGreaterThan(0);
    expect(res.body.items.map((s: { id: string }) => s.id).sort()).toEqual([...written].sort());
  });
});

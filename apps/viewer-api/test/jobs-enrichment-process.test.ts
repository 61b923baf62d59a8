import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createRedisPrefix,
  createScratch,
  DETERMINISTIC_ENRICHERS,
  type RedisPrefix,
  type Scratch,
} from '@podcast/testing';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';
import {
  asOperator,
  hasEnded,
  type RunnerProcess,
  startRunner,
  waitForJob,
} from './support/jobs-harness.js';

const GENERATOR = fileURLToPath(
  new URL('../../../packages/corpus-generator/dist/cli.js', import.meta.url),
);
const TOKEN = 'enrichment-cancel-token';

let scratch: Scratch;
let redis: RedisPrefix;
let viewer: ViewerTestApp;
let runner: RunnerProcess;
let root = '';

/** `method url` as the operator on this file's corpus. */
const operator = (method: 'get' | 'post' | 'put', url: string) =>
  asOperator(viewer.app, root, TOKEN, method, url);

beforeAll(async () => {
  scratch = createScratch('enrichment-cancel');
  root = join(scratch.dir, 'corpus');
  // 1,200 episodes: a run of the six deterministic enrichers takes seconds, time to cancel it.
  const made = spawnSync(
    process.execPath,
    [GENERATOR, '--feeds', '20', '--episodes', '60', '--out', root],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) {
    throw new Error(`the corpus generator failed: ${made.stderr}`);
  }
  redis = createRedisPrefix();
  viewer = buildViewerTestApp({
    corpusDir: root,
    operatorToken: TOKEN,
    env: { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix },
  });
  // The corpus index's first build over 1,200 episodes is done before the run it would compete with.
  await viewer.ctx.corpusIndex?.ingestNow();
  runner = startRunner({
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    CORPUS_DIR: root,
    RUNNER_LEASE_MS: '1500',
  });
  await runner.ready();
}, 60_000);

afterAll(async () => {
  await runner.stop();
  await viewer.close();
  await redis.close();
  scratch.remove();
});

function runEvents(): { event_type: string; job_id?: string; run_id: string }[] {
  const file = join(root, 'enrichments', 'run.jsonl');
  if (!existsSync(file)) {
    return [];
  }
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line));
}

describe('cancelling an enrichment job mid-run', () => {
  it('stops the run at its next safe point and ends the job cancelled', async () => {
    const res = await operator('post', '/api/jobs/enrichment').send({
      only: DETERMINISTIC_ENRICHERS,
    });
    expect(res.status).toBe(202);
    const jobId = res.body.job_id as string;

    // Mid-run: the run has started its first enricher.
    const deadline = Date.now() + 30_000;
    while (
      !runEvents().some((e) => e.job_id === jobId && e.event_type === 'enrichment.enricher.started')
    ) {
      if (Date.now() > deadline) {
        throw new Error(`the run never started:\n${runner.output()}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const cancel = await operator('post', `/api/jobs/${jobId}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('running');
    expect(cancel.body.cancel_requested_at).not.toBeNull();

    const ended = await waitForJob(viewer.app, root, jobId, (j) => j.status !== 'running', 30_000);
    expect(ended).toMatchObject({
      status: 'cancelled',
      error: 'cancelled by an operator while running',
    });
    const summary = JSON.parse(readFileSync(join(root, 'enrichments', 'run_summary.json'), 'utf8'));
    expect(summary).toMatchObject({ job_id: jobId, status: 'cancelled' });
    const statuses = Object.values(summary.per_enricher as Record<string, { status: string }>).map(
      (row) => row.status,
    );
    expect(statuses).toContain('cancelled');
    // The run stopped before the end: not every enricher got to finish.
    expect(statuses.filter((s) => s === 'ok').length).toBeLessThan(DETERMINISTIC_ENRICHERS.length);
    const events = runEvents().filter((e) => e.job_id === jobId);
    expect(events.map((e) => e.event_type)).toContain('enrichment.enricher.cancelled');
  }, 90_000);
});

describe('a failing enricher across runs of the real runner', () => {
  async function runOnly(id: string) {
    const res = await operator('post', '/api/jobs/enrichment').send({ only: [id] });
    expect(res.status).toBe(202);
    return waitForJob(viewer.app, root, res.body.job_id, hasEnded, 30_000);
  }
  const summaryOf = (id: string) =>
    JSON.parse(readFileSync(join(root, 'enrichments', 'run_summary.json'), 'utf8')).per_enricher[
      id
    ];

  it("fails each run, is auto-disabled after its tier's threshold, and runs again once re-enabled", async () => {
    // The envelope cannot be written while a folder holds its name.
    const envelope = join(root, 'enrichments', 'temporal_velocity.json');
    rmSync(envelope, { force: true });
    mkdirSync(join(envelope, 'blocker'), { recursive: true });
    // The deterministic tier disables an enricher after 5 consecutive failed runs.
    for (let run = 1; run <= 5; run += 1) {
      const job = await runOnly('temporal_velocity');
      expect(job.status).toBe('failed');
      expect(summaryOf('temporal_velocity')).toMatchObject({ status: 'failed', runs_failed: 1 });
    }
    const health = await operator('get', '/api/enrichment/health').query({
      enricher_id: 'temporal_velocity',
    });
    expect(health.status).toBe(200);
    expect(JSON.stringify(health.body)).toContain('"auto_disabled":true');

    const skipped = await runOnly('temporal_velocity');
    expect(skipped.status).toBe('succeeded');
    expect(summaryOf('temporal_velocity')).toMatchObject({
      status: 'skipped',
      reason: { kind: 'auto_disabled' },
    });

    rmSync(envelope, { recursive: true, force: true });
    const reEnabled = await operator(
      'post',
      '/api/enrichment/health/temporal_velocity/re-enable',
    ).send({ reason: 'the folder in the way is gone' });
    expect(reEnabled.status).toBe(200);
    const again = await runOnly('temporal_velocity');
    expect(again.status).toBe('succeeded');
    expect(summaryOf('temporal_velocity')).toMatchObject({ status: 'ok' });
    expect(JSON.parse(readFileSync(envelope, 'utf8')).data.window_months).toBeGreaterThan(0);
  }, 120_000);
});

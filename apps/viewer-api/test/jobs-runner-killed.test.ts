import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { JobRecord } from '@podcast/contracts';
import {
  FAKE_PIPELINE,
  hasEnded,
  type RunnerProcess,
  startRunner,
  viewerOnRedis,
  waitForJob,
} from './support/jobs-harness.js';

const TOKEN = 'runner-killed-operator-token';
/** Short, so that a lapsed lease is found within a CI-sized wait. */
const LEASE_MS = 1000;
/** A lease lapses, then two stalled-job checks: about three leases, plus a loaded machine. */
const FOUND_WITHIN_MS = 15_000;
/** With no runner left, a read fails the job once its lease lapses: a lease plus a margin. */
const READ_FAILS_WITHIN_MS = LEASE_MS + 2000;

let held: ReturnType<typeof viewerOnRedis>;
const runners: RunnerProcess[] = [];

function runner(): RunnerProcess {
  const started = startRunner({
    REDIS_URL: held.redis.url,
    REDIS_PREFIX: held.redis.prefix,
    CORPUS_DIR: held.corpus.corpusDir,
    PIPELINE_COMMAND: JSON.stringify([process.execPath, FAKE_PIPELINE]),
    RUNNER_LEASE_MS: String(LEASE_MS),
  });
  runners.push(started);
  return started;
}

/** Waits until the job reaches `done` (a status, or any end). */
const reached = (jobId: string, done: (job: JobRecord) => boolean, timeoutMs?: number) =>
  waitForJob(held.viewer.app, held.corpus.corpusDir, jobId, done, timeoutMs);

/**
 * Polls the registry's record itself, which no route settles: the job as a
 * runner's stalled-job check leaves it, not as a read of the viewer fails it.
 */
async function recordEnded(jobId: string): Promise<JobRecord> {
  const registry = held.viewer.ctx.jobs?.registry;
  const deadline = Date.now() + FOUND_WITHIN_MS;
  for (;;) {
    const job = await registry?.get(jobId);
    if (job && hasEnded(job)) {
      return job;
    }
    if (Date.now() > deadline) {
      throw new Error(`job ${jobId} never ended: ${JSON.stringify(job)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Enqueues a pipeline job that runs until it is stopped, and waits until a runner runs it. */
async function slowJobRunning(feed: string): Promise<JobRecord> {
  const res = await held.operator('post', '/api/jobs').send({ feed, max_episodes: 999 });
  expect(res.status).toBe(202);
  return reached(res.body.job_id, (job) => job.status === 'running');
}

beforeAll(() => {
  held = viewerOnRedis('runner-killed', TOKEN);
});

// Each test starts its own runners: none outlives it to take the next test's jobs.
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop(true)));
});

afterAll(() => held.close());

describe('a runner SIGKILLed mid-run, with no one calling reconcile', () => {
  it('has its job failed by the runner that outlives it, which then takes the next', async () => {
    // One after the other: two starting at once on a loaded machine outlast the harness's wait.
    const pair = [runner()];
    await pair[0]?.ready();
    pair.push(runner());
    await pair[1]?.ready();
    const running = await slowJobRunning('https://a.example/rss');
    const taker = pair.find((r) => running.worker?.endsWith(`:${r.child.pid}`));
    const survivor = pair.find((r) => r !== taker) as RunnerProcess;
    expect(taker).toBeDefined();
    await taker?.stop(true);

    const ended = await recordEnded(running.job_id);
    expect(ended.status).toBe('failed');
    expect(ended.error).toMatch(/BullMQ found the job stalled/);
    expect(ended.error).toContain(running.worker as string);

    const next = await held.operator('post', '/api/jobs').send({});
    const done = await reached(next.body.job_id, hasEnded, FOUND_WITHIN_MS);
    expect({ status: done.status, worker: done.worker }).toEqual({
      status: 'succeeded',
      worker: expect.stringMatching(new RegExp(`:${survivor.child.pid}$`)),
    });
    expect(await survivor.stop()).toBe(0);
  }, 60_000);

  it('has its job failed by the runner started in its place', async () => {
    const first = runner();
    await first.ready();
    const running = await slowJobRunning('https://b.example/rss');
    await first.stop(true);
    const replacement = runner();
    await replacement.ready();
    const ended = await recordEnded(running.job_id);
    expect(ended.status).toBe('failed');
    expect(ended.error).toMatch(/BullMQ found the job stalled/);
  }, 60_000);

  it('with no other runner started, answers GET of the job failed within a lease and a margin', async () => {
    const only = runner();
    await only.ready();
    const running = await slowJobRunning('https://c.example/rss');
    await only.stop(true);
    const killedAt = Date.now();
    const ended = await reached(running.job_id, hasEnded, READ_FAILS_WITHIN_MS + 5000);
    const afterMs = Date.now() - killedAt;
    expect(ended.status).toBe('failed');
    expect(ended.error).toContain(`the runner ${running.worker} stopped renewing its lease`);
    expect(afterMs).toBeLessThan(READ_FAILS_WITHIN_MS);
    // The list shows the same end, and a cancel finds the job over.
    const list = await held.operator('get', '/api/jobs');
    expect(list.body.jobs.find((j: JobRecord) => j.job_id === running.job_id)).toEqual(ended);
    expect((await held.operator('post', `/api/jobs/${running.job_id}/cancel`)).status).toBe(409);
  }, 30_000);
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { JobRecord } from '@podcast/contracts';
import { createRedisPrefix, createScratch, memoryLogger, type RedisPrefix } from '@podcast/testing';
import { startThrowawayRedis, waitUntil } from '@podcast/testing/chaos';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { watchForEmptyRedis } from './empty-redis.js';
import { mirrorJob } from './job-files.js';
import { JobQueues, producerConnection } from './queues.js';
import { IDEMPOTENCY_TTL_S, JobRegistry } from './registry.js';
import { FULL_BATCH_PARAMS, JobScheduler } from './scheduler.js';
import { enqueueJob, type JobsService, reconcileJobs } from './service.js';

let prefix: RedisPrefix;
let redis: Redis;
let queues: JobQueues;
let clock = Date.parse('2026-11-26T10:00:00Z');
// enqueueJob mirrors each job into <corpus>/.viewer/jobs.jsonl: a scratch folder stands in.
const scratch = createScratch('reconcile');

function service(): JobsService {
  const now = () => new Date(clock);
  return {
    registry: new JobRegistry({ redis, prefix: prefix.prefix, now }),
    queues,
    logger: pino({ level: 'silent' }),
    now,
  };
}

beforeAll(() => {
  prefix = createRedisPrefix();
  redis = new Redis(prefix.url);
  queues = new JobQueues({ redisUrl: prefix.url, prefix: prefix.prefix }, redis);
});
afterAll(async () => {
  await queues.close();
  redis.disconnect();
  await prefix.close();
  scratch.remove();
});

/** An open job's record as the mirror holds it, made by a registry under a prefix of its own. */
async function openJobIn(corpusPath: string): Promise<JobRecord> {
  const registry = new JobRegistry({ redis, prefix: `${prefix.prefix}elsewhere:` });
  const outcome = await registry.create({
    commandType: 'pipeline',
    corpusPath,
    params: FULL_BATCH_PARAMS,
  });
  if (outcome.kind === 'key_reused') throw new Error('unexpected');
  return outcome.job;
}

describe('reconcileJobs', () => {
  it('fails a queued job the queue lost, once it is past its grace, and leaves a held one', async () => {
    const jobs = service();
    const root = scratch.dir;
    const lost = await jobs.registry.create({
      commandType: 'pipeline',
      corpusPath: root,
      params: FULL_BATCH_PARAMS,
    });
    const held = await enqueueJob(jobs, {
      commandType: 'pipeline',
      corpusPath: root,
      params: FULL_BATCH_PARAMS,
    });
    if (lost.kind === 'key_reused' || held.kind === 'key_reused') throw new Error('unexpected');

    expect((await reconcileJobs(jobs, root)).reconciled).toEqual([]);
    clock += 31_000;
    const after = await reconcileJobs(jobs, root);
    expect(after.checked).toBe(2);
    expect(after.reconciled).toEqual([
      {
        job_id: lost.job.job_id,
        previous_status: 'queued',
        status: 'failed',
        reason: expect.stringMatching(/the queue no longer holds this job/),
      },
    ]);
    expect((await jobs.registry.get(held.job.job_id))?.status).toBe('queued');
  });

  it('writes back failed the open jobs a Redis restarted empty lost, once', async () => {
    const jobs = service();
    const root = createScratch('reconcile-empty');
    try {
      const running = await enqueueJob(jobs, {
        commandType: 'pipeline',
        corpusPath: root.dir,
        params: FULL_BATCH_PARAMS,
      });
      if (running.kind === 'key_reused') throw new Error('unexpected');
      // What an empty restart leaves of this run's keys: nothing.
      const keys = await redis.keys(`${prefix.prefix}*`);
      await redis.del(...keys);
      expect(await jobs.registry.get(running.job.job_id)).toBeNull();

      const first = await reconcileJobs(jobs, root.dir);
      expect(first.reconciled).toEqual([
        {
          job_id: running.job.job_id,
          previous_status: 'queued',
          status: 'failed',
          reason: expect.stringMatching(/Redis restarted without its data/),
        },
      ]);
      expect(await jobs.registry.get(running.job.job_id)).toMatchObject({ status: 'failed' });
      expect((await reconcileJobs(jobs, root.dir)).reconciled).toEqual([]);
    } finally {
      root.remove();
    }
  });

  it('gives an ended job its Idempotency-Key back after an empty restart, but not a lost open one', async () => {
    const jobs = service();
    const root = createScratch('reconcile-keys');
    const job = (idempotencyKey: string) => ({
      commandType: 'pipeline' as const,
      corpusPath: root.dir,
      params: FULL_BATCH_PARAMS,
      idempotencyKey,
    });
    const created = async (key: string) => {
      const outcome = await enqueueJob(jobs, job(key));
      if (outcome.kind === 'key_reused') throw new Error('unexpected');
      return outcome;
    };
    try {
      const finish = async (jobId: string) => {
        await jobs.registry.transition(jobId, ['queued'], 'running', {
          started_at: jobs.now().toISOString(),
        });
        const ended = await jobs.registry.transition(jobId, ['running'], 'succeeded', {
          finished_at: jobs.now().toISOString(),
        });
        await mirrorJob(ended as JobRecord);
      };
      const stale = await created('key-of-yesterday');
      await finish(stale.job.job_id);
      clock += (IDEMPOTENCY_TTL_S - 60) * 1000;
      const done = await created('key-done');
      await finish(done.job.job_id);
      const open = await created('key-open');
      clock += 120_000; // the first key is past its day now, the others are not

      const keys = await redis.keys(`${prefix.prefix}*`);
      await redis.del(...keys);
      await reconcileJobs(jobs, root.dir);

      // The finished run is answered again, not run twice; with another body the key is refused.
      expect(await enqueueJob(jobs, job('key-done'))).toMatchObject({
        kind: 'deduplicated',
        job: { job_id: done.job.job_id, status: 'succeeded' },
      });
      expect(
        await enqueueJob(jobs, {
          ...job('key-done'),
          params: { ...FULL_BATCH_PARAMS, max_episodes: 1 },
        }),
      ).toEqual({ kind: 'key_reused', jobId: done.job.job_id });
      // The lost open job reads failed, and a retry with its key runs anew.
      expect(await jobs.registry.get(open.job.job_id)).toMatchObject({ status: 'failed' });
      const retried = await enqueueJob(jobs, job('key-open'));
      expect(retried.kind).toBe('created');
      // A key past its day is not brought back.
      expect((await enqueueJob(jobs, job('key-of-yesterday'))).kind).toBe('created');
      // A second reconcile finds every key in place and writes nothing.
      expect((await reconcileJobs(jobs, root.dir)).reconciled).toEqual([]);
      expect(await enqueueJob(jobs, job('key-done'))).toMatchObject({ kind: 'deduplicated' });
    } finally {
      root.remove();
    }
  });
});

describe('watchForEmptyRedis', () => {
  it('reads recovering until every corpus is recovered, so a job not yet written back is no 404', async () => {
    const conn = new Redis(prefix.url);
    const watchPrefix = `${prefix.prefix}recovering:`;
    const jobs: JobsService = {
      ...service(),
      registry: new JobRegistry({ redis: conn, prefix: watchPrefix, now: () => new Date(clock) }),
    };
    const [first, second] = [createScratch('recover-a'), createScratch('recover-b')];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = () => {};
    const reachedHold = new Promise<void>((resolve) => {
      reached = resolve;
    });
    try {
      // The second corpus's mirror holds an open job the (empty) registry lacks.
      const lost = { ...(await openJobIn(second.dir)), corpus_path: second.dir };
      await mirrorJob(lost);
      const watch = watchForEmptyRedis({
        jobs,
        redis: conn,
        prefix: watchPrefix,
        roots: [first.dir, second.dir],
        // Held after the first corpus: the second's job is not written back yet.
        reloadSchedules: async (root) => {
          if (root === first.dir) {
            reached();
            await held;
          }
        },
      });
      await reachedHold;
      expect(await jobs.registry.get(lost.job_id)).toBeNull();
      expect(await jobs.registry.isRecoveringLoss()).toBe(true);
      release();
      await watch.close();
      expect(await jobs.registry.isRecoveringLoss()).toBe(false);
      expect(await jobs.registry.get(lost.job_id)).toMatchObject({ status: 'failed' });
    } finally {
      release();
      conn.disconnect();
      first.remove();
      second.remove();
    }
  });

  it('fails the lost jobs and fires the schedules again, once for two viewers', async () => {
    const server = await startThrowawayRedis();
    const root = createScratch('empty-restart');
    const settings = { redisUrl: server.url, prefix: 'empty:' };
    const { logger, lines } = memoryLogger();
    // Two viewers on one corpus, each with its connection, scheduler and watch, as build-context has them.
    const viewers = [0, 1].map(() => {
      const conn = producerConnection(settings);
      conn.on('error', () => undefined);
      const now = () => new Date();
      const jobs: JobsService = {
        registry: new JobRegistry({ redis: conn, prefix: settings.prefix, now }),
        queues: new JobQueues(settings, conn),
        logger,
        now,
      };
      const scheduler = new JobScheduler(settings, conn, jobs, logger);
      scheduler.start();
      const watch = watchForEmptyRedis({
        jobs,
        redis: conn,
        prefix: settings.prefix,
        roots: [root.dir],
        reloadSchedules: async (corpus) => {
          await scheduler.reload(corpus, [{ name: 'tick', cron: '* * * * * *' }], now());
        },
      });
      return { conn, jobs, scheduler, watch };
    });
    const recoveries = () =>
      lines.filter((line) => line.msg === 'jobs recovered after Redis lost its data').length;
    const [a] = viewers;
    if (a === undefined) throw new Error('unexpected');
    try {
      // A Redis without the marker is one that lost its data: at start too, recovered once.
      expect(await waitUntil(async () => recoveries() === 1, 5000, 50)).toBe(true);
      const queued = await enqueueJob(a.jobs, {
        commandType: 'pipeline',
        corpusPath: root.dir,
        params: FULL_BATCH_PARAMS,
      });
      if (queued.kind === 'key_reused') throw new Error('unexpected');

      await server.restart(300);
      const back = Date.now();
      const failed = await waitUntil(
        async () =>
          (await a.jobs.registry.get(queued.job.job_id).catch(() => null))?.status === 'failed',
        8000,
        100,
      );
      expect(failed).toBe(true);
      expect(await a.jobs.registry.get(queued.job.job_id)).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/Redis restarted without its data/),
      });
      const ticked = await waitUntil(
        async () =>
          (await a.jobs.registry.list(root.dir, 100)).some(
            (job) =>
              job.idempotency_key?.startsWith('schedule:') === true &&
              Date.parse(job.created_at) >= back,
          ),
        8000,
        100,
      );
      expect(ticked).toBe(true);
      expect(recoveries()).toBe(2);
      expect(await Promise.all(viewers.map((v) => v.watch.check()))).toEqual([false, false]);
    } finally {
      for (const v of viewers) {
        await v.watch.close();
        await v.scheduler.close();
        await v.jobs.queues.close();
        v.conn.disconnect();
      }
      await server.destroy();
      root.remove();
    }
  });
});

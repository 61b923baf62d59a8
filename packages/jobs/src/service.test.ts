import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRedisPrefix, createScratch, type RedisPrefix } from '@podcast/testing';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { JobQueues } from './queues.js';
import { JobRegistry } from './registry.js';
import { FULL_BATCH_PARAMS } from './scheduler.js';
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
});

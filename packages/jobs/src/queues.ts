import { createRequire } from 'node:module';
import { JOB_CATALOG, type JobCommandType, type JobRecord } from '@podcast/contracts';
import type * as Bull from 'bullmq';
import type { Queue, QueueOptions, WorkerOptions } from 'bullmq';
import type * as IoRedis from 'ioredis';
import type { Redis } from 'ioredis';
import { LEASE_MS } from './registry.js';

const requireHere = createRequire(import.meta.url);

/**
 * BullMQ and ioredis, loaded (synchronously: both are CommonJS, and the
 * same module instances an `import` gets) when a connection, queue or
 * worker is first made. Loading them was a noticeable part of every viewer
 * start, also where no Redis is configured and no job can run.
 */
export function loadBullMq(): typeof Bull {
  return requireHere('bullmq') as typeof Bull;
}

function loadIoRedis(): typeof IoRedis {
  return requireHere('ioredis') as typeof IoRedis;
}

/**
 * The BullMQ side of the jobs: one queue per command type, named by the
 * catalog, under one key prefix shared by the viewer (producer) and the
 * runner (consumer). The queue only carries the job id; the registry
 * record is the job.
 */
export interface QueueSettings {
  redisUrl: string;
  /** Prefix of every key, e.g. `podcast:` (REDIS_PREFIX). */
  prefix: string;
}

export interface JobMessage {
  job_id: string;
}

/**
 * A connection for a producer: a command fails after one retry while Redis
 * is away, and after PRODUCER_COMMAND_TIMEOUT_MS at the latest: the retry
 * alone waited out ioredis's reconnect backoff, up to 5 s per request.
 */
export function producerConnection(settings: QueueSettings): Redis {
  const { Redis } = loadIoRedis();
  return new Redis(settings.redisUrl, {
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    commandTimeout: PRODUCER_COMMAND_TIMEOUT_MS,
  });
}

/** Longest a producer's Redis command may take before the route answers 503. */
export const PRODUCER_COMMAND_TIMEOUT_MS = 2000;

/** A connection for a worker or subscriber: BullMQ needs blocking commands to wait. */
export function workerConnection(settings: QueueSettings): Redis {
  const { Redis } = loadIoRedis();
  return new Redis(settings.redisUrl, { maxRetriesPerRequest: null });
}

function bullPrefix(settings: QueueSettings): string {
  return `${settings.prefix}bull`;
}

export function queueOptions(settings: QueueSettings, connection: Redis): QueueOptions {
  return { connection, prefix: bullPrefix(settings) };
}

/**
 * A job is tried once (the catalog's attempts) and a stalled one is not
 * re-run by BullMQ: its runner died mid-run. BullMQ's lock on an active
 * job lasts as long as the runner's lease (`leaseMs`) and every live worker
 * looks for lapsed locks as often: a dead runner's job is found stalled
 * within about three leases by any other runner, or by the next one to
 * start, which then fails its record (`failStalledJob`).
 */
export function workerOptions(
  settings: QueueSettings,
  connection: Redis,
  concurrency: number,
  leaseMs: number = LEASE_MS,
): WorkerOptions {
  return {
    connection,
    prefix: bullPrefix(settings),
    concurrency,
    lockDuration: leaseMs,
    stalledInterval: leaseMs,
    maxStalledCount: 0,
    removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
  };
}

export function queueNameOf(commandType: JobCommandType): string {
  return JOB_CATALOG[commandType].queue;
}

/** The producer's queues, opened lazily and closed together. */
export class JobQueues {
  readonly #settings: QueueSettings;
  readonly #connection: Redis;
  readonly #queues = new Map<JobCommandType, Queue<JobMessage>>();

  constructor(settings: QueueSettings, connection: Redis) {
    this.#settings = settings;
    this.#connection = connection;
  }

  queue(commandType: JobCommandType): Queue<JobMessage> {
    let queue = this.#queues.get(commandType);
    if (queue === undefined) {
      const { Queue } = loadBullMq();
      queue = new Queue<JobMessage>(
        queueNameOf(commandType),
        queueOptions(this.#settings, this.#connection),
      );
      // Errors reach the caller of each command; the event only needs a listener.
      queue.on('error', () => undefined);
      this.#queues.set(commandType, queue);
    }
    return queue;
  }

  /** Puts a registry record on its queue; BullMQ ignores a second add of one id. */
  async send(job: JobRecord): Promise<void> {
    await this.queue(job.command_type).add(
      job.command_type,
      { job_id: job.job_id },
      {
        jobId: job.job_id,
        attempts: JOB_CATALOG[job.command_type].attempts,
        removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
        removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
      },
    );
  }

  /** Whether the queue still holds the job (waiting, active or delayed). */
  async holds(job: JobRecord): Promise<boolean> {
    const state = await this.queue(job.command_type).getJobState(job.job_id);
    return (
      state === 'waiting' ||
      state === 'active' ||
      state === 'delayed' ||
      state === 'prioritized' ||
      state === 'waiting-children'
    );
  }

  /** Drops a cancelled job from its queue; a job a runner already took stays (it skips it). */
  async discard(job: JobRecord): Promise<void> {
    await this.queue(job.command_type)
      .remove(job.job_id)
      .catch(() => 0);
  }

  async close(): Promise<void> {
    await Promise.all([...this.#queues.values()].map((queue) => queue.close()));
  }
}

import { createHash } from 'node:crypto';
import type { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  loadBullMq,
  type QueueSettings,
  queueOptions,
  workerConnection,
  workerOptions,
} from './queues.js';
import { SCHEDULED_COMMANDS, type ScheduleRow, scheduleRows } from './schedules.js';
import { enqueueJob, type JobsService } from './service.js';

const QUEUE = 'schedules';

interface Tick {
  root: string;
  name: string;
  kind: keyof typeof SCHEDULED_COMMANDS;
}

/** What a pipeline job over every feed of the spec carries (a schedule tick, for one). */
export const FULL_BATCH_PARAMS = {
  feed_url: null,
  skip_existing: false,
  append: false,
  max_episodes: null,
  episode_offset: null,
  episode_order: null,
} as const;

const DEFAULT_PARAMS = {
  pipeline: FULL_BATCH_PARAMS,
  corpus_enrichment: { only: [], skip: [], corpus_only: false },
};

/**
 * The in-process scheduler of the operator files' scheduled_jobs (spec 01):
 * one BullMQ job scheduler per valid, enabled entry (cron in UTC), whose
 * ticks a worker here turns into registry jobs, each tick once (its
 * Idempotency-Key is the tick's id, so several viewers share one schedule).
 */
export class JobScheduler {
  readonly #jobs: JobsService;
  readonly #logger: Logger;
  readonly #queue: Queue<Tick>;
  readonly #settings: QueueSettings;
  #worker: Worker<Tick> | undefined;
  #workerConnection: Redis | undefined;

  constructor(settings: QueueSettings, connection: Redis, jobs: JobsService, logger: Logger) {
    this.#settings = settings;
    this.#jobs = jobs;
    this.#logger = logger;
    const { Queue } = loadBullMq();
    this.#queue = new Queue<Tick>(QUEUE, queueOptions(settings, connection));
    this.#queue.on('error', (err) => logger.warn({ err: err.message }, 'scheduler queue error'));
  }

  /** Starts turning ticks into jobs. */
  start(): void {
    this.#workerConnection = workerConnection(this.#settings);
    const { Worker } = loadBullMq();
    this.#worker = new Worker<Tick>(
      QUEUE,
      async (tick) => {
        const commandType = SCHEDULED_COMMANDS[tick.data.kind];
        const outcome = await enqueueJob(this.#jobs, {
          commandType,
          corpusPath: tick.data.root,
          params: DEFAULT_PARAMS[commandType],
          idempotencyKey: `schedule:${tick.id ?? `${tick.data.name}:${tick.timestamp}`}`,
        });
        this.#logger.info(
          { schedule: tick.data.name, root: tick.data.root, outcome: outcome.kind },
          'scheduled job enqueued',
        );
      },
      workerOptions(this.#settings, this.#workerConnection, 1),
    );
    this.#worker.on('error', (err) =>
      this.#logger.warn({ err: err.message }, 'scheduler worker error'),
    );
  }

  /** Replaces the schedules of one corpus with the runnable rows of `raw`; answers every row. */
  async reload(root: string, raw: unknown, now: Date): Promise<ScheduleRow[]> {
    const rows = scheduleRows(raw, now);
    const prefix = `${createHash('sha256').update(root).digest('hex').slice(0, 16)}:`;
    const wanted = new Map(
      rows.filter((r) => r.next_run_at !== null).map((r) => [`${prefix}${r.name}`, r]),
    );
    for (const existing of await this.#queue.getJobSchedulers()) {
      if (existing.key.startsWith(prefix) && !wanted.has(existing.key)) {
        await this.#queue.removeJobScheduler(existing.key);
      }
    }
    for (const [id, row] of wanted) {
      const kind = (row.kind ?? 'pipeline') as Tick['kind'];
      await this.#queue.upsertJobScheduler(
        id,
        { pattern: row.cron, tz: 'UTC' },
        {
          name: row.name,
          data: { root, name: row.name, kind },
          opts: { removeOnComplete: 1000, removeOnFail: 1000 },
        },
      );
    }
    this.#logger.info({ root, schedules: wanted.size }, 'schedules reloaded');
    return rows;
  }

  /**
   * Stops at once (a tick being turned into a job may be dropped: the next
   * viewer's worker, or the next tick, takes over). With Redis away the
   * close gives up after two seconds instead of waiting for it.
   */
  async close(): Promise<void> {
    const closing = Promise.all([this.#worker?.close(true), this.#queue.close()]);
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    this.#workerConnection?.disconnect();
  }
}

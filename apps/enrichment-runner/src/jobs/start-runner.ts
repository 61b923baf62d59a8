import { access } from 'node:fs/promises';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { JobRecord } from '@podcast/contracts';
import { EnrichmentJobParams, PipelineJobParams } from '@podcast/contracts';
import { hasProviderBlock, loadEnrichmentConfig } from '@podcast/enrichment';
import {
  CancelWatcher,
  failStalledJob,
  type JobExecutor,
  type JobMessage,
  JobRegistry,
  jobsPausedPath,
  pipelineArgs,
  queueNameOf,
  runJob,
  subprocessExecutor,
  workerConnection,
  workerOptions,
} from '@podcast/jobs';
import { DelayedError, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { RunnerConfig } from '../env.js';

/** How often a paused corpus's queued jobs are looked at again. */
const PAUSE_RECHECK_MS = 2000;

/** Spec 04 §1.3: the flag file `.viewer/jobs.paused` pauses a corpus's queue. */
async function jobsPaused(corpusPath: string): Promise<boolean> {
  return access(jobsPausedPath(corpusPath)).then(
    () => true,
    () => false,
  );
}

export interface StartedRunner {
  stop(): Promise<void>;
}

/** The `enrich` command of this package, run as the enrichment job's subprocess. */
const ENRICH_CLI = fileURLToPath(new URL('../cli/enrich.js', import.meta.url));

/**
 * Whether the corpus's resolved enrichment block has a provider block, so
 * the job passes --with-ml (spec 03). A configuration that does not load
 * answers false: `enrich` itself then exits 2 naming the problem.
 */
async function needsWithMl(corpusRoot: string): Promise<boolean> {
  try {
    return hasProviderBlock((await loadEnrichmentConfig({ corpusRoot })).resolved_block);
  } catch {
    return false;
  }
}

export async function enrichArgs(job: JobRecord): Promise<string[]> {
  const params = EnrichmentJobParams.parse(job.params);
  const args = ['--output-dir', job.corpus_path, '--job-id', job.job_id];
  if (await needsWithMl(job.corpus_path)) {
    args.push('--with-ml');
  }
  if (params.only.length > 0) {
    args.push('--only', params.only.join(','));
  }
  if (params.skip.length > 0) {
    args.push('--skip', params.skip.join(','));
  }
  if (params.corpus_only) {
    args.push('--corpus-only');
  }
  return args;
}

function executors(config: RunnerConfig): Record<JobRecord['command_type'], JobExecutor> {
  return {
    pipeline: subprocessExecutor(
      config.PIPELINE_COMMAND ?? {
        missing:
          'PIPELINE_COMMAND is not set on the enrichment runner, so it cannot run pipeline jobs',
      },
      (job) => pipelineArgs(job.corpus_path, PipelineJobParams.parse(job.params)),
    ),
    corpus_enrichment: subprocessExecutor([process.execPath, ENRICH_CLI], enrichArgs),
  };
}

/**
 * The BullMQ consumer: one worker per queue of the catalog, a subscriber on
 * the registry's cancel channel, each job taken through runJob. Stopping
 * closes the workers (no new jobs), ends the running ones as failed with
 * "the runner stopped" and waits for their subprocesses.
 */
export async function startRunner(config: RunnerConfig, logger: Logger): Promise<StartedRunner> {
  const settings = { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const redis = workerConnection(settings);
  const subscriber = workerConnection(settings);
  const registry = new JobRegistry({
    redis,
    prefix: settings.prefix,
    leaseMs: config.RUNNER_LEASE_MS,
  });
  const cancels = new CancelWatcher();
  const worker = `${hostname()}:${process.pid}`;
  const deps = {
    registry,
    logger,
    now: () => new Date(),
    worker,
    cancels,
    executors: executors(config),
  };
  await subscriber.subscribe(registry.cancelChannel);
  subscriber.on('message', (_channel: string, jobId: string) => {
    if (cancels.cancel(jobId)) {
      logger.info({ job_id: jobId }, 'cancel requested');
    }
  });
  const concurrency = {
    pipeline: config.RUNNER_PIPELINE_CONCURRENCY,
    corpus_enrichment: config.RUNNER_ENRICHMENT_CONCURRENCY,
  };
  const workers = (['pipeline', 'corpus_enrichment'] as const).map((commandType) => {
    const connection = workerConnection(settings);
    const bull = new Worker<JobMessage>(
      queueNameOf(commandType),
      async (job, token) => {
        // A corpus paused by its flag file keeps its jobs queued: BullMQ holds them back and retries.
        const record = await registry.get(job.data.job_id);
        if (record?.status === 'queued' && (await jobsPaused(record.corpus_path))) {
          await job.moveToDelayed(Date.now() + PAUSE_RECHECK_MS, token);
          throw new DelayedError();
        }
        const ended = await runJob(deps, job.data.job_id);
        return ended?.status ?? 'not_taken';
      },
      workerOptions(settings, connection, concurrency[commandType], config.RUNNER_LEASE_MS),
    );
    bull.on('error', (err) => logger.warn({ err: err.message }, 'queue worker error'));
    // Another runner's job (or one of a runner this one replaced) whose lock lapsed.
    bull.on('stalled', (jobId) => {
      failStalledJob(deps, jobId).catch((err: unknown) =>
        logger.warn({ err, job_id: jobId }, 'could not fail a stalled job'),
      );
    });
    return { bull, connection };
  });
  logger.info({ worker, queues: workers.map((w) => w.bull.name) }, 'runner waiting for jobs');
  return {
    stop: async () => {
      const closing = workers.map((w) => w.bull.close());
      cancels.cancelAll();
      await Promise.all(closing);
      await Promise.all(workers.map((w) => w.connection.quit()));
      await subscriber.quit();
      await redis.quit();
    },
  };
}

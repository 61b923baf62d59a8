import type { JobRecord } from '@podcast/contracts';
import type { Logger } from 'pino';
import { mirrorJob } from './job-files.js';
import { failIfRunnerLost, lostRunnerError } from './lost-runner.js';
import type { JobQueues } from './queues.js';
import type { CancelOutcome, CreateOutcome, JobRegistry, NewJob } from './registry.js';

/** What the producer side (viewer-api) holds: the registry and the queues. */
export interface JobsService {
  registry: JobRegistry;
  queues: JobQueues;
  logger: Logger;
  now: () => Date;
}

/**
 * Records the job and puts it on its queue. A repeat with the same
 * Idempotency-Key answers the first job and enqueues nothing; sending again
 * is harmless because the queue ignores a second add of one id.
 */
export async function enqueueJob(jobs: JobsService, job: NewJob): Promise<CreateOutcome> {
  const outcome = await jobs.registry.create(job);
  if (outcome.kind === 'key_reused') {
    return outcome;
  }
  // The mirror's queued row is written before a runner can see the job, so
  // the rows of one job are in transition order.
  if (outcome.kind === 'created') {
    await mirror(jobs, outcome.job);
  }
  if (outcome.job.status === 'queued') {
    await jobs.queues.send(outcome.job);
  }
  return outcome;
}

export async function cancelJob(jobs: JobsService, jobId: string): Promise<CancelOutcome> {
  const outcome = await jobs.registry.cancel(jobId, 'cancelled by an operator');
  if (outcome.kind === 'cancelled') {
    await jobs.queues.discard(outcome.job);
    await mirror(jobs, outcome.job);
  }
  return outcome;
}

/** A queued job this young may still be on its way to the queue. */
const QUEUED_GRACE_MS = 30_000;

export interface Reconciled {
  job_id: string;
  previous_status: 'queued' | 'running';
  status: 'failed';
  reason: string;
}

/**
 * Fails the jobs of one corpus that can no longer finish: running jobs whose
 * runner stopped renewing its lease (it died or lost Redis), and queued jobs
 * the queue no longer holds (lost between the record and the queue).
 */
export async function reconcileJobs(
  jobs: JobsService,
  corpusPath: string,
): Promise<{ reconciled: Reconciled[]; checked: number }> {
  const open = (await jobs.registry.list(corpusPath, Number.MAX_SAFE_INTEGER)).filter(
    (job) => job.status === 'queued' || job.status === 'running',
  );
  const reconciled: Reconciled[] = [];
  for (const job of open) {
    const reason = await whyStuck(jobs, job);
    if (reason === null) {
      continue;
    }
    const failed =
      job.status === 'running'
        ? await failIfRunnerLost(jobs, job, ['running'], reason)
        : await failQueued(jobs, job, reason);
    if (failed !== null) {
      reconciled.push({
        job_id: job.job_id,
        previous_status: job.status as 'queued' | 'running',
        status: 'failed',
        reason,
      });
    }
  }
  return { reconciled, checked: open.length };
}

async function whyStuck(jobs: JobsService, job: JobRecord): Promise<string | null> {
  if (job.status === 'running') {
    // The lease is checked where the job is failed, in one step with the write.
    return `reconciled: ${lostRunnerError(job.worker)}`;
  }
  const age = jobs.now().getTime() - Date.parse(job.created_at);
  return age < QUEUED_GRACE_MS || (await jobs.queues.holds(job))
    ? null
    : 'reconciled: the queue no longer holds this job, so no runner will take it';
}

async function failQueued(jobs: JobsService, job: JobRecord, reason: string) {
  const failed = await jobs.registry.transition(job.job_id, ['queued'], 'failed', {
    finished_at: jobs.now().toISOString(),
    error: reason,
  });
  if (failed !== null) {
    await mirror(jobs, failed);
  }
  return failed;
}

async function mirror(jobs: JobsService, job: JobRecord): Promise<void> {
  await mirrorJob(job).catch((err: unknown) => {
    jobs.logger.warn({ err, job_id: job.job_id }, 'could not append to .viewer/jobs.jsonl');
  });
}

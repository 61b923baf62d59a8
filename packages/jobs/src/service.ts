import type { JobRecord } from '@podcast/contracts';
import type { Logger } from 'pino';
import { mirrorJob, readMirror } from './job-files.js';
import { failIfRunnerLost, lostRunnerError } from './lost-runner.js';
import type { JobQueues } from './queues.js';
import {
  type CancelOutcome,
  type CreateOutcome,
  IDEMPOTENCY_TTL_S,
  type JobRegistry,
  type NewJob,
} from './registry.js';

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

const isOpen = (job: JobRecord) => job.status === 'queued' || job.status === 'running';

/** The `error` of a job the registry lost: Redis came back without its data. */
const LOST_FROM_REGISTRY =
  'reconciled: the registry lost this job (Redis restarted without its data), so no runner will finish it; enqueue it again';

/**
 * Fails the jobs of one corpus that can no longer finish: running jobs whose
 * runner stopped renewing its lease (it died or lost Redis), queued jobs
 * the queue no longer holds (lost between the record and the queue), and
 * jobs the mirror shows open that the registry no longer holds at all.
 */
export async function reconcileJobs(
  jobs: JobsService,
  corpusPath: string,
): Promise<{ reconciled: Reconciled[]; checked: number }> {
  const open = (await jobs.registry.list(corpusPath, Number.MAX_SAFE_INTEGER)).filter(isOpen);
  const reconciled: Reconciled[] = [];
  const lost = await restoreLostJobs(jobs, corpusPath);
  reconciled.push(...lost.restored);
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
  return { reconciled, checked: open.length + lost.restored.length };
}

/**
 * The mirror outlives a Redis that restarts empty: a job whose last row
 * there is open and of which the registry has no record is written back
 * `failed`, so its id answers with why instead of a 404 and the mirror
 * ends too. A mirror row left open behind a registry record that ended
 * (its append failed) gets the registry's row. An ended job whose
 * Idempotency-Key is still in force gets its key back (and its record when
 * the registry lost it), so a repeat answers it instead of running it
 * again; a lost open job does not, so a retry with its key runs anew.
 */
async function restoreLostJobs(
  jobs: JobsService,
  corpusPath: string,
): Promise<{ restored: Reconciled[] }> {
  const restored: Reconciled[] = [];
  const mirrored = (await readMirror(corpusPath)).filter((job) => job.corpus_path === corpusPath);
  for (const job of mirrored) {
    if (!isOpen(job)) {
      await restoreKeyOf(jobs, job);
      continue;
    }
    const current = await jobs.registry.get(job.job_id);
    if (current !== null) {
      if (!isOpen(current)) {
        await mirror(jobs, current);
      }
      continue;
    }
    const failed: JobRecord = {
      ...job,
      status: 'failed',
      finished_at: jobs.now().toISOString(),
      error: LOST_FROM_REGISTRY,
    };
    if (await jobs.registry.restore(failed)) {
      await mirror(jobs, failed);
      restored.push({
        job_id: job.job_id,
        previous_status: job.status as 'queued' | 'running',
        status: 'failed',
        reason: LOST_FROM_REGISTRY,
      });
    }
  }
  return { restored };
}

/** The ended job's Idempotency-Key back for what is left of its day, unless Redis still has it. */
async function restoreKeyOf(jobs: JobsService, job: JobRecord): Promise<void> {
  const key = job.idempotency_key;
  const leftS = IDEMPOTENCY_TTL_S - (jobs.now().getTime() - Date.parse(job.created_at)) / 1000;
  if (key !== null && leftS > 0) {
    await jobs.registry.restoreKey({ ...job, idempotency_key: key }, leftS);
  }
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

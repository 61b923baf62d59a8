import type { JobRecord, JobStatus } from '@podcast/contracts';
import type { Logger } from 'pino';
import { mirrorJob } from './job-files.js';
import type { JobRegistry } from './registry.js';

export interface LostRunnerDeps {
  registry: JobRegistry;
  logger: Logger;
  now: () => Date;
}

/** The `error` of a job whose runner stopped renewing its lease, naming that runner. */
export function lostRunnerError(worker: string | null, finding = ''): string {
  return `the runner ${worker ?? '(unknown)'} stopped renewing its lease${finding}, so it died or lost Redis mid-run; enqueue it again`;
}

/**
 * Fails `job` when no runner holds its lease, the check and the write in one
 * Redis step, so a runner renewing meanwhile keeps its job and two finders
 * fail it once. Returns the failed record, or null when nothing was failed.
 */
export async function failIfRunnerLost(
  deps: LostRunnerDeps,
  job: JobRecord,
  from: readonly JobStatus[],
  error: string,
): Promise<JobRecord | null> {
  const failed = await deps.registry.failUnleased(job.job_id, from, {
    finished_at: deps.now().toISOString(),
    error,
  });
  if (failed !== null) {
    deps.logger.warn(
      { job_id: job.job_id, worker: job.worker, error },
      'job of a lost runner failed',
    );
    await mirrorJob(failed).catch((err: unknown) =>
      deps.logger.warn({ err, job_id: job.job_id }, 'could not append to .viewer/jobs.jsonl'),
    );
  }
  return failed;
}

/**
 * The records as a reader should see them: a running job whose lease lapsed
 * is failed on the way out, so a job of a runner that died ends `failed`
 * within a lease even when no runner is left to find it stalled.
 */
export function settleLostRunners(deps: LostRunnerDeps, jobs: JobRecord[]): Promise<JobRecord[]> {
  return Promise.all(
    jobs.map(async (job) =>
      job.status === 'running'
        ? ((await failIfRunnerLost(deps, job, ['running'], lostRunnerError(job.worker))) ?? job)
        : job,
    ),
  );
}

/**
 * BullMQ found `jobId` stalled: the runner that took it stopped renewing its
 * lock. When its lease has lapsed too, the runner died (or lost Redis) mid-run,
 * and the record is failed here, as reconcile would, without anyone calling
 * it; a job still leased belongs to a runner that will write its own end.
 * Returns the failed record, or null when there was nothing to fail.
 */
export async function failStalledJob(
  deps: LostRunnerDeps,
  jobId: string,
): Promise<JobRecord | null> {
  const job = await deps.registry.get(jobId);
  if (job === null || (job.status !== 'running' && job.status !== 'queued')) {
    return null;
  }
  return failIfRunnerLost(
    deps,
    job,
    [job.status],
    lostRunnerError(job.worker, ' and BullMQ found the job stalled'),
  );
}

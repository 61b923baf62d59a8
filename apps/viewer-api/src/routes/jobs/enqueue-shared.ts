import { DomainError, Problem } from '@podcast/contracts';
import { reply } from '@podcast/http-kit';
import { enqueueJob, type NewJob } from '@podcast/jobs';
import type { ViewerCtx } from '../../context.js';
import { REDIS_DOWN, withJobs } from './jobs-access.js';

export const IDEMPOTENCY =
  'An `Idempotency-Key` header (1-255 printable characters) makes a repeat answer the first ' +
  'job instead of enqueueing a second; the same key with a different body is a 422.';

export const ENQUEUE_PROBLEMS = {
  422: Problem.describe('The Idempotency-Key was used for a different request'),
  ...REDIS_DOWN,
};

/** Enqueues under the request's Idempotency-Key (checked before anything else is read). */
export async function accept(
  ctx: ViewerCtx,
  idempotencyKey: string | undefined,
  job: Omit<NewJob, 'idempotencyKey'>,
) {
  const outcome = await withJobs(ctx, (jobs) =>
    enqueueJob(jobs, { ...job, ...(idempotencyKey === undefined ? {} : { idempotencyKey }) }),
  );
  if (outcome.kind === 'key_reused') {
    throw new DomainError(
      'unprocessable',
      `headers.idempotency-key: this key made job ${outcome.jobId} with a different body`,
      { field: 'headers.idempotency-key', job_id: outcome.jobId },
    );
  }
  return reply(202, {
    job_id: outcome.job.job_id,
    status: outcome.job.status,
    corpus_path: outcome.job.corpus_path,
    command_type: outcome.job.command_type,
    deduplicated: outcome.kind === 'deduplicated',
  });
}

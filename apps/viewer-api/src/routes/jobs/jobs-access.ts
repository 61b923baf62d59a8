import { DomainError, NotFound, Problem } from '@podcast/contracts';
import { resolveCorpusRoot } from '@podcast/corpus';
import { ValidationFailed } from '@podcast/http-kit';
import { type JobsService, settleLostRunners } from '@podcast/jobs';
import type { Request } from 'express';
import type { ViewerCtx } from '../../context.js';

/**
 * The jobs service of a mounted jobs group. The group is mounted only with
 * REDIS_URL, which also builds the service; a Redis that does not answer is
 * a 503, never a 500.
 */
export async function withJobs<T>(
  ctx: ViewerCtx,
  use: (jobs: JobsService) => Promise<T>,
): Promise<T> {
  const jobs = ctx.jobs;
  if (jobs === undefined) {
    throw new DomainError('unavailable', 'the jobs API needs REDIS_URL');
  }
  try {
    return await use(jobs);
  } catch (err) {
    if (isRedisFailure(err)) {
      // Retry-After: a restarting Redis is usually back within seconds.
      throw new DomainError('unavailable', 'the jobs API cannot reach Redis right now; try again', {
        retry_after_s: 2,
      });
    }
    throw err;
  }
}

/** withJobs on the corpus root the `path` parameter names (CORPUS_DIR when absent). */
export async function withCorpusJobs<T>(
  ctx: ViewerCtx,
  path: string | undefined,
  use: (jobs: JobsService, root: string) => Promise<T>,
): Promise<T> {
  const root = await resolveCorpusRoot(path, ctx.config.corpusRoots);
  return withJobs(ctx, (jobs) => use(jobs, root));
}

/** The answer of a jobs route when withJobs finds Redis silent. */
export const REDIS_DOWN = { 503: Problem.describe('Redis does not answer') };

function isRedisFailure(err: unknown): boolean {
  if (!(err instanceof Error)) {
    return false;
  }
  const name = err.constructor.name;
  return (
    name === 'MaxRetriesPerRequestError' ||
    name === 'ReplyError' ||
    /ECONNREFUSED|ETIMEDOUT|Connection is closed|Stream isn't writeable|Command timed out/.test(
      err.message,
    )
  );
}

/**
 * The job of this corpus, else 404 (an id of another corpus is not found
 * here); a running job whose runner was lost is failed first. A job missing
 * while the registry is recovered after Redis lost its data is a 503: the
 * recovery may write it back.
 */
export async function jobOf(jobs: JobsService, root: string, jobId: string) {
  const job = await jobs.registry.get(jobId);
  if (job === null && (await jobs.registry.isRecoveringLoss())) {
    throw new DomainError('unavailable', 'the jobs are being recovered after Redis lost its data', {
      retry_after_s: 1,
    });
  }
  if (job === null || job.corpus_path !== root) {
    throw new NotFound(`job ${jobId} is not in the registry of this corpus`);
  }
  const [settled] = await settleLostRunners(jobs, [job]);
  return settled ?? job;
}

const KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header: printable ASCII without spaces, 1 to 255 characters. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) {
    return undefined;
  }
  const value = Array.isArray(raw) ? raw.join(',') : raw;
  if (!KEY.test(value)) {
    throw new ValidationFailed([
      {
        field: 'headers.idempotency-key',
        message: 'expected 1 to 255 printable ASCII characters without spaces',
      },
    ]);
  }
  return value;
}

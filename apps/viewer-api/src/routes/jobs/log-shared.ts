import { Problem, TERMINAL_JOB_STATUSES } from '@podcast/contracts';
import { realFileInsideRoot, resolveCorpusRoot } from '@podcast/corpus';
import { HttpError, rawReply } from '@podcast/http-kit';
import { jobFileRelpaths, readLogTail } from '@podcast/jobs';
import type { ViewerCtx } from '../../context.js';
import { jobOf, REDIS_DOWN, withJobs } from './jobs-access.js';

/** Logs larger than this are answered by the tail routes only. */
const FULL_LOG_MAX_BYTES = 10 * 1024 * 1024;

type LogKind = 'log' | 'subprocessLog';

export const PROBLEMS = {
  404: Problem.describe('No such job in this corpus'),
  413: Problem.describe('The log is over 10 MB: read it with the tail route'),
  ...REDIS_DOWN,
};

/**
 * The tail of one of the job's logs. The file is opened only when it lies in
 * the corpus (a symlink leading out reads as no log yet), like every fixed
 * file the viewer serves.
 */
async function confinedTail(root: string, jobId: string, kind: LogKind, maxBytes: number) {
  const file = await realFileInsideRoot(root, jobFileRelpaths(jobId)[kind]);
  return file === undefined
    ? { text: '', offset: 0, size: 0, truncated: false }
    : readLogTail(file, maxBytes);
}

export async function fullLog(
  ctx: ViewerCtx,
  path: string | undefined,
  jobId: string,
  kind: LogKind,
) {
  const root = await resolveCorpusRoot(path, ctx.config.corpusRoots);
  const job = await withJobs(ctx, (jobs) => jobOf(jobs, root, jobId));
  const tail = await confinedTail(root, job.job_id, kind, FULL_LOG_MAX_BYTES);
  if (tail.truncated) {
    throw new HttpError(413, `the log holds ${tail.size} bytes: read it with the tail route`);
  }
  return rawReply(200, 'text/plain; charset=utf-8', tail.text, { 'Cache-Control': 'no-store' });
}

export async function logTail(
  ctx: ViewerCtx,
  path: string | undefined,
  jobId: string,
  maxBytes: number,
  kind: LogKind,
) {
  const root = await resolveCorpusRoot(path, ctx.config.corpusRoots);
  const job = await withJobs(ctx, (jobs) => jobOf(jobs, root, jobId));
  const tail = await confinedTail(root, job.job_id, kind, maxBytes);
  return {
    job_id: job.job_id,
    status: job.status,
    ...tail,
    done: TERMINAL_JOB_STATUSES.includes(job.status),
  };
}

export const TEXT = {
  200: { description: 'The whole log', contentType: 'text/plain' },
  ...PROBLEMS,
};

export const TAIL_HELP =
  'The last max_bytes (default 64 KiB, at most 1 MiB), cut at a line start; `done` turns true ' +
  'once the job ended, so a client polls until then. Needs the operator token.';

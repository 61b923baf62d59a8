import {
  CorpusPathQuery,
  JobIdParams,
  JobIdQuery,
  LogTailQuery,
  PipelineJobLogTailResponse,
  Problem,
  TERMINAL_JOB_STATUSES,
} from '@podcast/contracts';
import { realFileInsideRoot, resolveCorpusRoot } from '@podcast/corpus';
import { HttpError, rawReply } from '@podcast/http-kit';
import { jobFileRelpaths, readLogTail } from '@podcast/jobs';
import type { ViewerCtx } from '../../context.js';
import { defineRoute } from '../../context.js';
import { jobOf, REDIS_DOWN, withJobs } from './jobs-access.js';

/** Logs larger than this are answered by the tail routes only. */
const FULL_LOG_MAX_BYTES = 10 * 1024 * 1024;

type LogKind = 'log' | 'subprocessLog';

const PROBLEMS = {
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

async function fullLog(ctx: ViewerCtx, path: string | undefined, jobId: string, kind: LogKind) {
  const root = await resolveCorpusRoot(path, ctx.config.corpusRoots);
  const job = await withJobs(ctx, (jobs) => jobOf(jobs, root, jobId));
  const tail = await confinedTail(root, job.job_id, kind, FULL_LOG_MAX_BYTES);
  if (tail.truncated) {
    throw new HttpError(413, `the log holds ${tail.size} bytes: read it with the tail route`);
  }
  return rawReply(200, 'text/plain; charset=utf-8', tail.text, { 'Cache-Control': 'no-store' });
}

async function logTail(
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

const TEXT = { 200: { description: 'The whole log', contentType: 'text/plain' }, ...PROBLEMS };
const TAIL_HELP =
  'The last max_bytes (default 64 KiB, at most 1 MiB), cut at a line start; `done` turns true ' +
  'once the job ended, so a client polls until then. Needs the operator token.';

export const getJobLog = defineRoute({
  method: 'get',
  path: '/api/jobs/{job_id}/log',
  summary: "The runner's log of one job",
  description:
    'Plain text: when the runner took the job, what it ran, how it ended. Needs the operator token.',
  tags: ['jobs'],
  auth: 'operator',
  params: JobIdParams,
  query: CorpusPathQuery,
  responses: TEXT,
  handler: ({ ctx, params, query }) => fullLog(ctx, query.path, params.job_id, 'log'),
});

export const getJobLogTail = defineRoute({
  method: 'get',
  path: '/api/jobs/{job_id}/log-tail',
  summary: "The end of the runner's log of one job",
  description: TAIL_HELP,
  tags: ['jobs'],
  auth: 'operator',
  params: JobIdParams,
  query: LogTailQuery,
  responses: { 200: PipelineJobLogTailResponse, ...PROBLEMS },
  handler: ({ ctx, params, query }) =>
    logTail(ctx, query.path, params.job_id, query.max_bytes, 'log'),
});

export const getSubprocessLog = defineRoute({
  method: 'get',
  path: '/api/jobs/subprocess-log',
  summary: "A job's subprocess output",
  description:
    "Plain text: the full stdout and stderr of the job's command. Needs the operator token.",
  tags: ['jobs'],
  auth: 'operator',
  query: JobIdQuery,
  responses: TEXT,
  handler: ({ ctx, query }) => fullLog(ctx, query.path, query.job_id, 'subprocessLog'),
});

export const getSubprocessLogTail = defineRoute({
  method: 'get',
  path: '/api/jobs/subprocess-log-tail',
  summary: "The end of a job's subprocess output",
  description: TAIL_HELP,
  tags: ['jobs'],
  auth: 'operator',
  query: LogTailQuery.extend({ job_id: JobIdQuery.shape.job_id }),
  responses: { 200: PipelineJobLogTailResponse, ...PROBLEMS },
  handler: ({ ctx, query }) =>
    logTail(ctx, query.path, query.job_id, query.max_bytes, 'subprocessLog'),
});

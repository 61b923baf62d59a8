import {
  CorpusPathQuery,
  DomainError,
  JobIdParams,
  JobListQuery,
  JobListResponse,
  JobRecord,
  Problem,
  ReconcileResponse,
} from '@podcast/contracts';
import { resolveCorpusRoot } from '@podcast/corpus';
import { cancelJob, reconcileJobs } from '@podcast/jobs';
import { defineRoute } from '../../context.js';
import { jobOf, withJobs } from './jobs-access.js';

const UNAVAILABLE = { 503: Problem.describe('Redis does not answer') };

export const listJobs = defineRoute({
  method: 'get',
  path: '/api/jobs',
  summary: 'List the pipeline and enrichment jobs of a corpus',
  description:
    'The shared registry, newest first (enrichment jobs have command_type corpus_enrichment). ' +
    'Statuses and transitions: docs/decisions/jobs.md.',
  tags: ['jobs'],
  auth: 'open',
  query: JobListQuery,
  responses: { 200: JobListResponse, ...UNAVAILABLE },
  handler: async ({ ctx, query }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    const jobs = await withJobs(ctx, (service) =>
      service.registry.list(root, query.limit, query.command_type),
    );
    return { path: root, jobs, count: jobs.length };
  },
});

export const reconcileJobsRoute = defineRoute({
  method: 'post',
  path: '/api/jobs/reconcile',
  summary: 'Fail the jobs that can no longer finish',
  description:
    'A running job whose runner stopped renewing its lease (the runner died or lost Redis) and ' +
    'a queued job the queue no longer holds are marked failed, each with the reason. Needs ' +
    'the operator token.',
  tags: ['jobs'],
  auth: 'operator',
  query: CorpusPathQuery,
  responses: { 200: ReconcileResponse, ...UNAVAILABLE },
  handler: async ({ ctx, query }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    const result = await withJobs(ctx, (jobs) => reconcileJobs(jobs, root));
    return { path: root, ...result };
  },
});

export const getJob = defineRoute({
  method: 'get',
  path: '/api/jobs/{job_id}',
  summary: 'One job',
  tags: ['jobs'],
  auth: 'open',
  params: JobIdParams,
  query: CorpusPathQuery,
  responses: {
    200: JobRecord,
    404: Problem.describe('No such job in this corpus'),
    ...UNAVAILABLE,
  },
  handler: async ({ ctx, params, query }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    return withJobs(ctx, (jobs) => jobOf(jobs, root, params.job_id));
  },
});

export const cancelJobRoute = defineRoute({
  method: 'post',
  path: '/api/jobs/{job_id}/cancel',
  summary: 'Cancel a job of any command type',
  description:
    'A queued job is cancelled at once. A running job gets a cancel request: its runner stops ' +
    'the subprocess (SIGTERM, then SIGKILL after 10 s) and the job ends cancelled; the answer ' +
    'shows cancel_requested_at until then. Cancelling a cancelled job answers it again; a job ' +
    'that already succeeded or failed is a 409. Needs the operator token.',
  tags: ['jobs'],
  auth: 'operator',
  params: JobIdParams,
  query: CorpusPathQuery,
  responses: {
    200: JobRecord,
    404: Problem.describe('No such job in this corpus'),
    409: Problem.describe('The job already succeeded or failed'),
    ...UNAVAILABLE,
  },
  handler: async ({ ctx, params, query }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    return withJobs(ctx, async (jobs) => {
      await jobOf(jobs, root, params.job_id);
      const outcome = await cancelJob(jobs, params.job_id);
      if (outcome.kind === 'missing') {
        throw new DomainError('not_found', `job ${params.job_id} is not in the registry`);
      }
      if (outcome.kind === 'finished') {
        throw new DomainError(
          'conflict',
          `job ${params.job_id} already ended ${outcome.job.status}`,
          {
            job_status: outcome.job.status,
          },
        );
      }
      return outcome.job;
    });
  },
});

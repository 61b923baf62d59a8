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
import { cancelJob, reconcileJobs } from '@podcast/jobs';
import { defineRoute } from '../../context.js';
import { jobOf, REDIS_DOWN, withCorpusJobs } from './jobs-access.js';

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
  responses: { 200: JobListResponse, ...REDIS_DOWN },
  handler: ({ ctx, query }) =>
    withCorpusJobs(ctx, query.path, async (service, root) => {
      const jobs = await service.registry.list(root, query.limit, query.command_type);
      return { path: root, jobs, count: jobs.length };
    }),
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
  responses: { 200: ReconcileResponse, ...REDIS_DOWN },
  handler: ({ ctx, query }) =>
    withCorpusJobs(ctx, query.path, async (jobs, root) => ({
      path: root,
      ...(await reconcileJobs(jobs, root)),
    })),
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
    ...REDIS_DOWN,
  },
  handler: ({ ctx, params, query }) =>
    withCorpusJobs(ctx, query.path, (jobs, root) => jobOf(jobs, root, params.job_id)),
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
    ...REDIS_DOWN,
  },
  handler: ({ ctx, params, query }) =>
    withCorpusJobs(ctx, query.path, async (jobs, root) => {
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
    }),
});

import { CorpusPathQuery, JobIdParams, JobRecord, Problem } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { jobOf, REDIS_DOWN, withCorpusJobs } from './jobs-access.js';

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

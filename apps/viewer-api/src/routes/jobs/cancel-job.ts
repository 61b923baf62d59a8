import { CorpusPathQuery, DomainError, JobIdParams, JobRecord, Problem } from '@podcast/contracts';
import { cancelJob } from '@podcast/jobs';
import { defineRoute } from '../../context.js';
import { jobOf, REDIS_DOWN, withCorpusJobs } from './jobs-access.js';

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

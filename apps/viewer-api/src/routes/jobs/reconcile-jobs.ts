import { CorpusPathQuery, ReconcileResponse } from '@podcast/contracts';
import { reconcileJobs } from '@podcast/jobs';
import { defineRoute } from '../../context.js';
import { REDIS_DOWN, withCorpusJobs } from './jobs-access.js';

export const reconcileJobsRoute = defineRoute({
  method: 'post',
  path: '/api/jobs/reconcile',
  summary: 'Fail the jobs that can no longer finish',
  description:
    'A running job whose runner stopped renewing its lease (the runner died or lost Redis) and ' +
    'a queued job the queue no longer holds are marked failed, each with the reason. A job ' +
    '`.viewer/jobs.jsonl` shows queued or running that the registry no longer holds (Redis ' +
    'restarted without its data) is written back failed. Needs the operator token.',
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

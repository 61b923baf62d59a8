import { CorpusPathQuery, ScheduledJobsResponse } from '@podcast/contracts';
import { readOperatorSettings, resolveCorpusRoot, scheduledJobsBlockOf } from '@podcast/corpus';
import { scheduleRows } from '@podcast/jobs';
import { defineRoute } from '../../context.js';

export const getScheduledJobs = defineRoute({
  method: 'get',
  path: '/api/scheduled-jobs',
  summary: "The cron schedules of the operator file's scheduled_jobs block",
  description:
    'One row per entry as written: name, cron, enabled, kind and next_run_at in UTC. A disabled ' +
    'entry, a malformed one, an invalid cron or a kind the scheduler does not run (digest) has ' +
    'next_run_at null and the reason; the other rows are unaffected. PUT /api/operator-config ' +
    'reloads the scheduler that enqueues them.',
  tags: ['jobs'],
  auth: 'open',
  query: CorpusPathQuery,
  responses: { 200: ScheduledJobsResponse },
  handler: async ({ ctx, query }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    const { content } = await readOperatorSettings(root);
    return { path: root, scheduled_jobs: scheduleRows(scheduledJobsBlockOf(content), ctx.now()) };
  },
});

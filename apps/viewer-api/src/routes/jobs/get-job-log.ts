import { CorpusPathQuery, JobIdParams } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { fullLog, TEXT } from './log-shared.js';

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

import { JobIdParams, LogTailQuery, PipelineJobLogTailResponse } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { logTail, PROBLEMS, TAIL_HELP } from './log-shared.js';

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

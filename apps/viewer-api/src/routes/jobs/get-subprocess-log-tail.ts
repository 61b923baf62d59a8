import { JobIdQuery, LogTailQuery, PipelineJobLogTailResponse } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { logTail, PROBLEMS, TAIL_HELP } from './log-shared.js';

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

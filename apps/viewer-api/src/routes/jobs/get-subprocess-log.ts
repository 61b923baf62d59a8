import { JobIdQuery } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { fullLog, TEXT } from './log-shared.js';

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

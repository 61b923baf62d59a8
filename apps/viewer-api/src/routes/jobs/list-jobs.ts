import { JobListQuery, JobListResponse } from '@podcast/contracts';
import { settleLostRunners } from '@podcast/jobs';
import { defineRoute } from '../../context.js';
import { REDIS_DOWN, withCorpusJobs } from './jobs-access.js';

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
      const listed = await service.registry.list(root, query.limit, query.command_type);
      const jobs = await settleLostRunners(service, listed);
      return { path: root, jobs, count: jobs.length };
    }),
});

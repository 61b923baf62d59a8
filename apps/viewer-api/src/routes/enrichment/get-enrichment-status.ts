import { EnrichmentPathQuery, EnrichmentStatus } from '@podcast/contracts';
import { enrichmentStatusOf } from '@podcast/enrichment';
import { defineRoute } from '../../context.js';
import { enrichmentRoot } from './enrichment-access.js';

export const getEnrichmentStatus = defineRoute({
  method: 'get',
  path: '/api/enrichment/status',
  summary: 'The current or last enrichment run, as it progresses',
  description:
    'The status file a run keeps (.viewer/enrichment_status.json): run_id, profile, the enricher ' +
    'running now, the queue and the finished ones. {available: false, reason} on a corpus no run ' +
    'has touched.',
  tags: ['enrichment'],
  auth: 'open',
  query: EnrichmentPathQuery,
  responses: { 200: EnrichmentStatus },
  handler: async ({ ctx, query }) => enrichmentStatusOf(await enrichmentRoot(ctx, query.path)),
});

import { EnrichmentPathQuery, RunSummaryResponse } from '@podcast/contracts';
import { runSummaryOf } from '@podcast/enrichment';
import { defineRoute } from '../../context.js';
import { enrichmentRoot } from './enrichment-access.js';

export const getEnrichmentRunSummary = defineRoute({
  method: 'get',
  path: '/api/enrichment/run-summary',
  summary: 'The last completed enrichment run',
  description:
    'enrichments/run_summary.json; {available: false, reason} before the first run ends.',
  tags: ['enrichment'],
  auth: 'open',
  query: EnrichmentPathQuery,
  responses: { 200: RunSummaryResponse },
  handler: async ({ ctx, query }) => runSummaryOf(await enrichmentRoot(ctx, query.path)),
});

import { EnrichmentMetrics, MetricsQuery } from '@podcast/contracts';
import { metricsOf } from '@podcast/enrichment';
import { defineRoute } from '../../context.js';
import { enrichmentRoot } from './enrichment-access.js';

export const getEnrichmentMetrics = defineRoute({
  method: 'get',
  path: '/api/enrichment/metrics',
  summary: 'Per-enricher run counts, retries, durations and cost over a window',
  description:
    'Rolled up from the enrichment.enricher.completed events of run.jsonl in the last 1h, 24h ' +
    '(default) or 7d; skipped outcomes are not runs.',
  tags: ['enrichment'],
  auth: 'open',
  query: MetricsQuery,
  responses: { 200: EnrichmentMetrics },
  handler: async ({ ctx, query }) =>
    metricsOf(await enrichmentRoot(ctx, query.path), query.window, ctx.now()),
});

import { EnrichmentHealthMap, HealthQuery, NotFound, Problem } from '@podcast/contracts';
import { healthView } from '@podcast/enrichment';
import { defineRoute } from '../../context.js';
import { enrichmentRoot } from './enrichment-access.js';

export const getEnrichmentHealth = defineRoute({
  method: 'get',
  path: '/api/enrichment/health',
  summary: 'Cross-run health of every enricher, or of one',
  description:
    'consecutive_failures, auto_disabled and why, the last error, the circuit state and the ' +
    're-enable audit trail, per enricher (every registered one, never-run ones fresh). With ' +
    'enricher_id, that record alone; 404 for an id neither registered nor on record.',
  tags: ['enrichment'],
  auth: 'open',
  query: HealthQuery,
  responses: {
    200: EnrichmentHealthMap,
    404: Problem.describe('Unknown enricher'),
  },
  handler: async ({ ctx, query }) => {
    const root = await enrichmentRoot(ctx, query.path);
    const view = await healthView(root, ctx.enrichment.registry.ids(), query.enricher_id);
    if (view === null) {
      throw new NotFound(
        `query.enricher_id: no enricher ${query.enricher_id} is registered or on record`,
      );
    }
    return view;
  },
});

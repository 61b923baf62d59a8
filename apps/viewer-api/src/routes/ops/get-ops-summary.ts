import { OpsSummaryQuery, OpsSummaryResponse } from '@podcast/contracts';
import { opsSummary } from '@podcast/corpus';
import { resilienceState } from '@podcast/enrichment';
import { defineRoute } from '../../context.js';
import { corpusPlaceFor } from '../corpus-browse/corpus-snapshot-for.js';
import { resolvedBlockOf } from './resilience-shared.js';

export const getOpsSummary = defineRoute({
  method: 'get',
  path: '/api/ops/summary',
  summary: 'Costs, model spend and provider health',
  description:
    "Costs from corpus_manifest.json's cost_rollup; pipeline spend summed from the newest run.json " +
    'files (at most 150); model spend per enricher from enrichments/run_summary.json; provider ' +
    'health from the enrichment runner’s resilience state (as GET /api/resilience, per provider). ' +
    'Each block names its source; an ' +
    'absent or unreadable source gives nulls and a reason, never an invented number.',
  tags: ['ops'],
  auth: 'open',
  query: OpsSummaryQuery,
  responses: { 200: OpsSummaryResponse },
  handler: async ({ query, ctx }) => {
    const place = await corpusPlaceFor(ctx, query.path);
    const block = await resolvedBlockOf(place.root);
    const [summary, resilience] = await Promise.all([
      opsSummary(place),
      resilienceState(place.root, block, ctx.enrichment.registry, ctx.now()),
    ]);
    return {
      path: place.root,
      ...summary,
      provider_health: {
        available: resilience.available,
        providers: resilience.providers,
        ...(resilience.reason === null ? {} : { reason: resilience.reason }),
      },
    };
  },
});

import { OpsSummaryQuery, OpsSummaryResponse } from '@podcast/contracts';
import { opsSummary } from '@podcast/corpus';
import { resilienceState } from '@podcast/enrichment';
import { defineRoute } from '../../context.js';
import { corpusSnapshotFor } from '../corpus-browse/corpus-snapshot-for.js';
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
    const snapshot = await corpusSnapshotFor(ctx, query.path);
    const block = await resolvedBlockOf(snapshot.root);
    const [summary, resilience] = await Promise.all([
      opsSummary(snapshot),
      resilienceState(snapshot.root, block, ctx.enrichment.registry, ctx.now()),
    ]);
    return {
      path: snapshot.root,
      ...summary,
      provider_health: {
        available: resilience.available,
        providers: resilience.providers,
        ...(resilience.reason === null ? {} : { reason: resilience.reason }),
      },
    };
  },
});

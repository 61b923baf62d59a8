import { OpsSummaryQuery, OpsSummaryResponse } from '@podcast/contracts';
import { opsSummary } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { corpusSnapshotFor } from '../corpus-browse/corpus-snapshot-for.js';

export const getOpsSummary = defineRoute({
  method: 'get',
  path: '/api/ops/summary',
  summary: 'Costs, model spend and provider health',
  description:
    "Costs from corpus_manifest.json's cost_rollup; pipeline spend summed from the newest run.json " +
    'files (at most 150); model spend per enricher from enrichments/run_summary.json; provider ' +
    'health from the enrichment runner’s resilience state. Each block names its source; an ' +
    'absent or unreadable source gives nulls and a reason, never an invented number.',
  tags: ['ops'],
  auth: 'open',
  query: OpsSummaryQuery,
  responses: { 200: OpsSummaryResponse },
  handler: async ({ query, ctx }) => {
    const snapshot = await corpusSnapshotFor(ctx, query.path);
    return { path: snapshot.root, ...(await opsSummary(snapshot)) };
  },
});

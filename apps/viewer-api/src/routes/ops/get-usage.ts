import { UsageQuery, UsageResponse } from '@podcast/contracts';
import { resolveCorpusRoot } from '@podcast/corpus';
import { usageRollup } from '@podcast/enrichment';
import { defineRoute } from '../../context.js';
import { resolvedBlockOf } from './resilience-shared.js';

export const getUsage = defineRoute({
  method: 'get',
  path: '/api/usage',
  summary: 'Runs and spend per provider over a window',
  description:
    'Rolled up from the enrichment.enricher.completed events of enrichments/run.jsonl in the ' +
    'last 1h, 24h (default), 7d or 30d, per provider type (`none` for enrichers without a ' +
    'model), optionally one provider. Token counts are null with the reason: enrichers record ' +
    'spend in USD, not tokens.',
  tags: ['ops'],
  auth: 'open',
  query: UsageQuery,
  responses: { 200: UsageResponse },
  handler: async ({ ctx, query }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    const usage = await usageRollup(
      root,
      await resolvedBlockOf(root),
      query.window,
      ctx.now(),
      query.provider,
    );
    return { path: root, ...usage };
  },
});

import {
  type EnrichmentBlock,
  Problem,
  ResilienceQuery,
  ResilienceResetQuery,
  ResilienceResponse,
  UsageQuery,
  UsageResponse,
} from '@podcast/contracts';
import { resolveCorpusRoot } from '@podcast/corpus';
import {
  loadEnrichmentConfig,
  resetBreakers,
  resilienceState,
  usageRollup,
} from '@podcast/enrichment';
import type { ViewerCtx } from '../../context.js';
import { defineRoute } from '../../context.js';

/** The resolved enrichment block (it names each enricher's provider); empty when the file cannot be read. */
export async function resolvedBlockOf(root: string): Promise<EnrichmentBlock> {
  try {
    return (await loadEnrichmentConfig({ corpusRoot: root })).resolved_block;
  } catch {
    return {};
  }
}

async function stateOf(ctx: ViewerCtx, root: string) {
  const block = await resolvedBlockOf(root);
  return {
    path: root,
    ...(await resilienceState(root, block, ctx.enrichment.registry, ctx.now())),
  };
}

export const getResilience = defineRoute({
  method: 'get',
  path: '/api/resilience',
  summary: 'Open breakers and blown fuses, per provider and per enricher',
  description:
    'From the health the enrichment runner persists (.viewer/enrichment_health.json): each ' +
    "enricher's circuit (open while its cooldown runs), auto-disable (a blown fuse) and failure " +
    'count, rolled up per provider type of the resolved enrichment block (`none` for enrichers ' +
    'without a model). available false, with the reason, before any run recorded health.',
  tags: ['ops'],
  auth: 'open',
  query: ResilienceQuery,
  responses: { 200: ResilienceResponse },
  handler: async ({ ctx, query }) =>
    stateOf(ctx, await resolveCorpusRoot(query.path, ctx.config.corpusRoots)),
});

export const resetResilience = defineRoute({
  method: 'post',
  path: '/api/ops/resilience/reset',
  summary: 'Force-close a breaker before its cooldown',
  description:
    '`scope` is enricher:<id> or provider:<type> (every enricher using that provider). The ' +
    'circuit closes and its cooldown clears, recorded in the audit trail; a blown fuse stays ' +
    '(POST /api/enrichment/health/{id}/re-enable clears it). Answers the new state; 404 for a ' +
    'scope this corpus does not know. Needs the operator token.',
  tags: ['ops'],
  auth: 'operator',
  query: ResilienceResetQuery,
  responses: { 200: ResilienceResponse, 404: Problem.describe('Unknown scope') },
  handler: async ({ ctx, query }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    await resetBreakers(
      root,
      query.scope,
      await resolvedBlockOf(root),
      ctx.enrichment.registry,
      ctx.now(),
    );
    return stateOf(ctx, root);
  },
});

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

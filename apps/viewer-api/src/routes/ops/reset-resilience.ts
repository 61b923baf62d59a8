import { Problem, ResilienceResetQuery, ResilienceResponse } from '@podcast/contracts';
import { resolveCorpusRoot } from '@podcast/corpus';
import { resetBreakers } from '@podcast/enrichment';
import { defineRoute } from '../../context.js';
import { resolvedBlockOf, stateOf } from './resilience-shared.js';

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

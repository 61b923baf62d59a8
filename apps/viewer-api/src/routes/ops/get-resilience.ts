import { ResilienceQuery, ResilienceResponse } from '@podcast/contracts';
import { resolveCorpusRoot } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { stateOf } from './resilience-shared.js';

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

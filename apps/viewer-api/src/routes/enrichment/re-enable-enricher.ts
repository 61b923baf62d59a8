import {
  EnricherHealthRecord,
  EnrichmentPathQuery,
  Problem,
  ReEnableBody,
  ReEnableParams,
} from '@podcast/contracts';
import { reEnableEnricher } from '@podcast/enrichment';
import { defineRoute } from '../../context.js';
import { enrichmentRoot } from './enrichment-access.js';

export const reEnableEnricherRoute = defineRoute({
  method: 'post',
  path: '/api/enrichment/health/{enricher_id}/re-enable',
  summary: 'Re-enable an auto-disabled enricher',
  description:
    'Clears auto_disabled and an open circuit, zeroes consecutive_failures, appends the optional ' +
    '`reason` to the audit trail and logs enrichment.health.re_enabled; answers the updated ' +
    'record. 404 for an id neither registered nor on record. Needs the operator token.',
  tags: ['enrichment'],
  auth: 'operator',
  params: ReEnableParams,
  query: EnrichmentPathQuery,
  body: ReEnableBody,
  responses: {
    200: EnricherHealthRecord,
    404: Problem.describe('Unknown enricher'),
  },
  handler: async ({ ctx, params, query, body }) =>
    reEnableEnricher({
      corpusRoot: await enrichmentRoot(ctx, query.path),
      enricherId: params.enricher_id,
      operatorId: 'operator-token',
      reason: body.reason ?? null,
      now: ctx.now(),
      knownIds: ctx.enrichment.registry.ids(),
    }),
});

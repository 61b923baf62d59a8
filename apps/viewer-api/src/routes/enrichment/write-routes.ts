import {
  EnricherHealthRecord,
  EnrichmentConfigView,
  EnrichmentConfigWrite,
  EnrichmentPathQuery,
  Problem,
  ReEnableBody,
  ReEnableParams,
} from '@podcast/contracts';
import { reEnableEnricher, writeEnrichmentBlock } from '@podcast/enrichment';
import { ValidationFailed } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';
import { enrichmentRoot, STORED_FILE_REFUSED } from './enrichment-access.js';

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

export const putEnrichmentConfig = defineRoute({
  method: 'put',
  path: '/api/enrichment/config',
  summary: "Replace the operator's enrichment block",
  description:
    'Validates `enrichment_block` against GET /api/enrichment/config/schema (JSON Schema draft ' +
    '2020-12) first: 400 with `errors` naming each field, nothing written. Then replaces the ' +
    '`enrichment:` key of the corpus operator file as a YAML edit, atomically, keeping every ' +
    'other key and comment, and answers the fresh resolved view. Needs the operator token.',
  tags: ['enrichment'],
  auth: 'operator',
  query: EnrichmentPathQuery,
  body: EnrichmentConfigWrite,
  bodyLimit: '256kb',
  responses: {
    200: EnrichmentConfigView,
    409: STORED_FILE_REFUSED,
  },
  handler: async ({ ctx, query, body }) => {
    const root = await enrichmentRoot(ctx, query.path);
    const errors = ctx.enrichment.validate(body.enrichment_block);
    if (errors.length > 0) {
      throw new ValidationFailed(errors);
    }
    return writeEnrichmentBlock(root, body.enrichment_block);
  },
});

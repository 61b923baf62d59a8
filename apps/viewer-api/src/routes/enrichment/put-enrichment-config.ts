import {
  EnrichmentConfigView,
  EnrichmentConfigWrite,
  EnrichmentPathQuery,
} from '@podcast/contracts';
import { writeEnrichmentBlock } from '@podcast/enrichment';
import { ValidationFailed } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';
import { enrichmentRoot, STORED_FILE_REFUSED } from './enrichment-access.js';

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

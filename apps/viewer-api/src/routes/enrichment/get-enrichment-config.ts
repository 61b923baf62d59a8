import { EnrichmentConfigView, EnrichmentPathQuery, Problem } from '@podcast/contracts';
import { loadEnrichmentConfig } from '@podcast/enrichment';
import { defineRoute } from '../../context.js';
import { enrichmentRoot, STORED_FILE_REFUSED } from './enrichment-access.js';

export const getEnrichmentConfig = defineRoute({
  method: 'get',
  path: '/api/enrichment/config',
  summary: 'The enrichment configuration of a corpus: profile, operator and resolved blocks',
  description:
    "profile_block is the enrichment block of the operator file's profile preset, " +
    'operator_block the enrichment key of the operator file, resolved_block their deep merge ' +
    '(the operator wins). 422 when a stored block breaks the schema.',
  tags: ['enrichment'],
  auth: 'open',
  query: EnrichmentPathQuery,
  responses: {
    200: EnrichmentConfigView,
    409: STORED_FILE_REFUSED,
    422: Problem.describe('A stored enrichment block breaks the schema'),
  },
  handler: async ({ ctx, query }) =>
    loadEnrichmentConfig({ corpusRoot: await enrichmentRoot(ctx, query.path) }),
});

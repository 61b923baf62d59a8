import { z } from '@podcast/contracts';
import { defineRoute } from '../../context.js';

export const getEnrichmentConfigSchema = defineRoute({
  method: 'get',
  path: '/api/enrichment/config/schema',
  summary: 'The JSON Schema (draft 2020-12) of the enrichment block',
  description:
    "Composed from the base block, each registered enricher's config_schema under " +
    'enrichers.<id>.properties and, for enrichers that need a model, the provider types of ' +
    'their protocol as a oneOf under enrichers.<id>.provider. Drives form generation.',
  tags: ['enrichment'],
  auth: 'open',
  responses: { 200: z.record(z.string(), z.unknown()) },
  handler: ({ ctx }) => ctx.enrichment.schema,
});

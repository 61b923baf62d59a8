import {
  AdmissionReport,
  EnrichmentConfigView,
  EnrichmentPathQuery,
  Problem,
  ProviderTypes,
  z,
} from '@podcast/contracts';
import {
  admissionReport,
  loadEnrichmentConfig,
  providerTypesByProtocol,
} from '@podcast/enrichment';
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

export const getProviderTypes = defineRoute({
  method: 'get',
  path: '/api/enrichment/provider-types',
  summary: 'The provider types, grouped by protocol',
  tags: ['enrichment'],
  auth: 'open',
  responses: { 200: ProviderTypes },
  handler: () => providerTypesByProtocol(),
});

export const getEnrichmentAdmission = defineRoute({
  method: 'get',
  path: '/api/enrichment/config/admission',
  summary: 'Whether a run now would promote or gate each enricher, and why',
  description:
    'Per enricher of the resolved block and per registered enricher it leaves out: decision ' +
    'promote or gate, a reason {kind, detail} when gated (disabled, not_registered, ' +
    'opt_in_required, auto_disabled, accuracy_gate with the newest precision, needs_with_ml), ' +
    'tier and scope. with_ml is assumed on when any enricher block has a provider.',
  tags: ['enrichment'],
  auth: 'open',
  query: EnrichmentPathQuery,
  responses: { 200: AdmissionReport },
  handler: async ({ ctx, query }) =>
    admissionReport(await enrichmentRoot(ctx, query.path), ctx.enrichment.registry),
});

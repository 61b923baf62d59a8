import { AdmissionReport, EnrichmentPathQuery } from '@podcast/contracts';
import { admissionReport } from '@podcast/enrichment';
import { defineRoute } from '../../context.js';
import { enrichmentRoot } from './enrichment-access.js';

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

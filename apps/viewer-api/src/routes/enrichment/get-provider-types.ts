import { ProviderTypes } from '@podcast/contracts';
import { providerTypesByProtocol } from '@podcast/enrichment';
import { defineRoute } from '../../context.js';

export const getProviderTypes = defineRoute({
  method: 'get',
  path: '/api/enrichment/provider-types',
  summary: 'The provider types, grouped by protocol',
  tags: ['enrichment'],
  auth: 'open',
  responses: { 200: ProviderTypes },
  handler: () => providerTypesByProtocol(),
});

import { HealthResponse } from '@podcast/contracts';
import { defineRoute } from '../../context.js';

export const getHealth = defineRoute({
  method: 'get',
  path: '/api/health',
  unlimited: true,
  summary: 'Liveness and capability flags',
  description: 'A flag is true only when its routes are mounted on this server.',
  tags: ['operator'],
  auth: 'open',
  responses: { 200: HealthResponse },
  handler: ({ ctx }) => ({
    status: 'ok' as const,
    ...ctx.capabilities,
    ...(ctx.corpusIndex === undefined ? {} : { corpus_index: ctx.corpusIndex.status() }),
  }),
});

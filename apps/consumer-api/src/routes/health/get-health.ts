import { HealthResponse } from '@podcast/contracts';
import { defineRoute } from '../../context.js';

export const getHealth = defineRoute({
  method: 'get',
  path: '/api/health',
  unlimited: true,
  summary: 'Liveness',
  tags: ['health'],
  auth: 'open',
  responses: { 200: HealthResponse },
  handler: ({ ctx }) => ({
    status: 'ok' as const,
    ...(ctx.corpusIndex === undefined ? {} : { corpus_index: ctx.corpusIndex.status() }),
  }),
});

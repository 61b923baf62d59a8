import { OutboxPendingQuery, OutboxPendingResponse } from '@podcast/contracts';
import { pullPending } from '@podcast/notifications';
import { defineRoute } from '../../context.js';
import { commsDeps } from '../comms/comms-deps.js';

export const pullOutbox = defineRoute({
  method: 'get',
  path: '/internal/outbox/pending',
  summary: 'Claim pending envelopes (delivery worker)',
  description:
    'Pending, due (not_before passed) and unexpired envelopes of the channel, oldest first, at ' +
    'most limit (1-500, default 50); with kind, only push envelopes of that subscription kind. ' +
    'Live consent is re-checked; withdrawn ones are dropped. ' +
    'Each envelope handed out is leased to the caller for OUTBOX_LEASE_SECONDS: concurrent ' +
    'pulls never get the same one, and it comes back if no status arrives in time.',
  tags: ['internal'],
  auth: 'internal',
  query: OutboxPendingQuery,
  responses: { 200: OutboxPendingResponse },
  handler: async ({ ctx, query }) => ({
    envelopes: await pullPending(commsDeps(ctx), query.channel, query.limit, query.kind),
  }),
});

import {
  NotFound,
  OutboxIdParams,
  OutboxStatusBody,
  OutboxStatusResponse,
  Problem,
} from '@podcast/contracts';
import { reportStatus } from '@podcast/notifications';
import { defineRoute } from '../../context.js';
import { commsDeps } from '../comms/comms-deps.js';

export const postOutboxStatus = defineRoute({
  method: 'post',
  path: '/internal/outbox/{id}/status',
  summary: 'Report the terminal status of an envelope (delivery worker)',
  description:
    'First report wins: the answer is always the stored {id, status}, so a repeat shows the ' +
    'status that stands. bounced, complaint and suppressed switch the consent cell of the ' +
    "envelope's type and channel off; a bad push endpoint is removed and push goes off for " +
    'every type. 404 for an unknown id.',
  tags: ['internal'],
  auth: 'internal',
  params: OutboxIdParams,
  body: OutboxStatusBody,
  responses: { 200: OutboxStatusResponse, 404: Problem.describe('No envelope with this id') },
  handler: async ({ ctx, params, body }) => {
    const stored = await reportStatus(commsDeps(ctx), params.id, body);
    if (stored === undefined) {
      throw new NotFound(`no envelope ${params.id}`);
    }
    return stored;
  },
});

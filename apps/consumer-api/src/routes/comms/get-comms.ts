import { CommsRecord } from '@podcast/contracts';
import { readComms } from '@podcast/notifications';
import { defineRoute } from '../../context.js';

export const getComms = defineRoute({
  method: 'get',
  path: '/api/app/comms',
  summary: 'The notification consent record',
  description: 'Defaults until first saved: email and push off, in-app on. No unsubscribe_ref yet.',
  tags: ['notifications'],
  auth: 'session',
  responses: { 200: CommsRecord },
  handler: ({ ctx, principal }) => readComms(ctx.db, principal.user.id),
});

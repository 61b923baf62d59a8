import { CommsRecord } from '@podcast/contracts';
import { replaceComms } from '@podcast/notifications';
import { defineRoute } from '../../context.js';
import { commsDeps } from './comms-deps.js';

export const putComms = defineRoute({
  method: 'put',
  path: '/api/app/comms',
  summary: 'Replace the notification consent record',
  description:
    'Missing cells take their defaults. hour is 0-23 and day_of_week 0 (Sunday) to 6 in the ' +
    "user's timezone (IANA; empty means UTC). The first save mints unsubscribe_ref; a ref sent " +
    'by the client is ignored.',
  tags: ['notifications'],
  auth: 'session',
  body: CommsRecord,
  responses: { 200: CommsRecord },
  handler: ({ ctx, body, principal }) => replaceComms(commsDeps(ctx), principal.user.id, body),
});

import { Queue } from '@podcast/contracts';
import { getUserQueue } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const getPlayQueue = defineRoute({
  method: 'get',
  path: '/api/app/queue',
  summary: 'The play queue: episode slugs in order',
  description: 'Episodes no longer in the corpus are left out (docs/decisions/accounts.md).',
  tags: ['queue'],
  auth: 'session',
  responses: { 200: Queue },
  handler: ({ ctx, principal }) => getUserQueue(userStateOf(ctx), principal.user.id),
});

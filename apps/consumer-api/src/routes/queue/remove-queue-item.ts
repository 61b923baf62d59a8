import { EpisodeSlugParams, Queue } from '@podcast/contracts';
import { removeUserQueueItem } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const removePlayQueueItem = defineRoute({
  method: 'delete',
  path: '/api/app/queue/items/{slug}',
  summary: 'Remove one episode from the play queue',
  description:
    'Offline-safe and idempotent: answers the queue after removing `slug`, the same whether or ' +
    'not it was queued (a replay changes nothing).',
  tags: ['queue'],
  auth: 'session',
  params: EpisodeSlugParams,
  responses: { 200: Queue },
  handler: ({ ctx, params, principal }) =>
    removeUserQueueItem(userStateOf(ctx), principal.user.id, params.slug),
});

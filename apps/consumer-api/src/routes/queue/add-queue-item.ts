import { Problem, Queue, QueueItemPost } from '@podcast/contracts';
import { reply } from '@podcast/http-kit';
import { addUserQueueItem } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const addPlayQueueItem = defineRoute({
  method: 'post',
  path: '/api/app/queue/items',
  summary: 'Add one episode to the play queue',
  description:
    'Offline-safe: queues `slug` right after `after` (at the end when `after` is absent or not ' +
    'queued). An episode already queued keeps its place, so a replayed request changes nothing: ' +
    '201 when added, 200 when it was queued already. 404 for a slug the corpus lacks; 409 when ' +
    'the queue already holds 500 episodes.',
  tags: ['queue'],
  auth: 'session',
  body: QueueItemPost,
  responses: {
    201: Queue,
    200: Queue.describe('Already queued; nothing changed'),
    404: Problem.describe('Unknown episode slug'),
    409: Problem.describe('The queue is full'),
  },
  handler: async ({ ctx, body, principal }) => {
    const added = await addUserQueueItem(
      userStateOf(ctx),
      principal.user.id,
      body.slug,
      body.after,
    );
    return reply(added.isNew ? 201 : 200, added.queue);
  },
});

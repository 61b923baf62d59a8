import { Queue, QueuePut } from '@podcast/contracts';
import { ValidationFailed } from '@podcast/http-kit';
import { replaceUserQueue } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const replacePlayQueue = defineRoute({
  method: 'put',
  path: '/api/app/queue',
  summary: 'Replace the whole play queue',
  description: 'Each slug at most once and known to the corpus, else 400 naming the item.',
  tags: ['queue'],
  auth: 'session',
  body: QueuePut,
  responses: { 200: Queue },
  handler: async ({ ctx, body, principal }) => {
    const result = await replaceUserQueue(userStateOf(ctx), principal.user.id, body.items);
    if (!result.ok) {
      throw new ValidationFailed(result.problems);
    }
    return result.queue;
  },
});

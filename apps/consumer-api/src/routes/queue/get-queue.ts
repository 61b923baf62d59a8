import { Queue } from '@podcast/contracts';
import { getQueue } from '@podcast/db';
import { userOf } from '../../auth/session-auth.js';
import { defineRoute } from '../../context.js';

export const getPlayQueue = defineRoute({
  method: 'get',
  path: '/api/app/queue',
  summary: 'The play queue: episode slugs in order',
  description: 'Episodes no longer in the corpus are left out (docs/decisions/accounts.md).',
  tags: ['queue'],
  auth: 'session',
  responses: { 200: Queue },
  handler: async ({ ctx, principal }) => {
    const [snapshot, queue] = await Promise.all([
      ctx.corpus.get(ctx.config.corpusDir),
      getQueue(ctx.db, userOf(principal).id),
    ]);
    return { items: queue.items.filter((slug) => snapshot.findEpisodeBySlug(slug) !== undefined) };
  },
});

import { Queue, QueuePut } from '@podcast/contracts';
import { replaceQueue } from '@podcast/db';
import { ValidationFailed } from '@podcast/http-kit';
import { userOf } from '../../auth/session-auth.js';
import { defineRoute } from '../../context.js';

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
    const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
    const unknown = body.items.flatMap((slug, index) =>
      snapshot.findEpisodeBySlug(slug) === undefined
        ? [{ field: `body.items.${index}`, message: `no episode with slug ${slug}` }]
        : [],
    );
    if (unknown.length > 0) {
      throw new ValidationFailed(unknown);
    }
    return replaceQueue(ctx.db, userOf(principal).id, body.items);
  },
});

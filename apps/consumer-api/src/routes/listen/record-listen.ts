import { EpisodeSlugParams, z } from '@podcast/contracts';
import { appendListenEvent } from '@podcast/db';
import { userOf } from '../../auth/session-auth.js';
import type { ConsumerCtx } from '../../context.js';
import { defineRoute } from '../../context.js';

/**
 * Best effort (spec 01): an unknown slug is not recorded, and no failure here
 * ever reaches the client, which must keep playing whatever happens.
 */
async function appendBestEffort(ctx: ConsumerCtx, userId: string, slug: string): Promise<void> {
  try {
    const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
    const episode = snapshot.findEpisodeBySlug(slug);
    if (episode === undefined) {
      ctx.logger.warn({ slug }, 'listen event for an unknown episode ignored');
      return;
    }
    await appendListenEvent(ctx.db, userId, slug, episode.feed_id || null, ctx.now());
  } catch (err) {
    ctx.logger.error({ err, slug }, 'listen event not recorded');
  }
}

export const recordListen = defineRoute({
  method: 'post',
  path: '/api/app/listen/{slug}',
  summary: 'Record that the user opened an episode',
  description:
    'Appends to the listen log behind the stats. Always 204, even when nothing was recorded.',
  tags: ['account'],
  auth: 'session',
  params: EpisodeSlugParams,
  responses: { 204: z.null().describe('Accepted (best effort)') },
  handler: async ({ ctx, params, principal }) => {
    await appendBestEffort(ctx, userOf(principal).id, params.slug);
  },
});

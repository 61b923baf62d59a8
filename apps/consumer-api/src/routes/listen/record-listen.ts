import { EpisodeSlugParams, ListenPost, z } from '@podcast/contracts';
import { recordListen as appendListen } from '@podcast/user-state';
import type { ConsumerCtx } from '../../context.js';
import { defineRoute, userStateOf } from '../../context.js';

/**
 * Best effort (spec 01): an unknown slug is not recorded, and no failure here
 * ever reaches the client, which must keep playing whatever happens.
 */
async function appendBestEffort(
  ctx: ConsumerCtx,
  userId: string,
  slug: string,
  clientTs: number | undefined,
): Promise<void> {
  try {
    if ((await appendListen(userStateOf(ctx), userId, slug, clientTs)) === 'unknown-episode') {
      ctx.logger.warn({ slug }, 'listen event for an unknown episode ignored');
    }
  } catch (err) {
    ctx.logger.error({ err, slug }, 'listen event not recorded');
  }
}

export const recordListen = defineRoute({
  method: 'post',
  path: '/api/app/listen/{slug}',
  summary: 'Record that the user opened an episode',
  description:
    'Appends to the listen log behind the stats, at `client_ts` when the body gives one ' +
    '(epoch seconds, clamped to the last 30 days and 5 minutes ahead). Opens of one episode ' +
    'by one user within 30 minutes of each other count once. Always 204, even when nothing ' +
    'was recorded; the body is optional.',
  tags: ['account'],
  auth: 'session',
  params: EpisodeSlugParams,
  body: ListenPost.optional(),
  responses: { 204: z.null().describe('Accepted (best effort)') },
  handler: async ({ ctx, params, body, principal }) => {
    await appendBestEffort(ctx, principal.user.id, params.slug, body?.client_ts);
  },
});

import { PlaybackList } from '@podcast/contracts';
import { listPlayback } from '@podcast/db';
import { userOf } from '../../auth/session-auth.js';
import { defineRoute } from '../../context.js';

export const listPlaybackPositions = defineRoute({
  method: 'get',
  path: '/api/app/playback',
  summary: 'All saved playback positions, most recently updated first',
  description:
    'Positions of episodes that are no longer in the corpus are kept but not listed ' +
    '(docs/decisions/accounts.md).',
  tags: ['playback'],
  auth: 'session',
  responses: { 200: PlaybackList },
  handler: async ({ ctx, principal }) => {
    const [snapshot, items] = await Promise.all([
      ctx.corpus.get(ctx.config.corpusDir),
      listPlayback(ctx.db, userOf(principal).id),
    ]);
    return { items: items.filter((item) => snapshot.findEpisodeBySlug(item.slug) !== undefined) };
  },
});

import { FavoriteSaveBody, Favorites, NotFound, Problem } from '@podcast/contracts';
import { saveFavorite } from '@podcast/db';
import { userOf } from '../../auth/session-auth.js';
import { defineRoute } from '../../context.js';
import { insightDetails } from './insight-details.js';
import { favoritesOf } from './list-favorites.js';

export const putFavorite = defineRoute({
  method: 'put',
  path: '/api/app/favorites',
  summary: 'Save a favorite',
  description:
    'Idempotent on (kind, ref): saving again replaces the extra fields. An insight favorite ' +
    'gets episode_slug, podcast_title and start_ms from the corpus when it omits them. ' +
    'Answers the whole grouped list.',
  tags: ['favorites'],
  auth: 'session',
  body: FavoriteSaveBody,
  responses: { 200: Favorites, 404: Problem.describe('The episode named is not in the corpus') },
  handler: async ({ ctx, body, principal }) => {
    const userId = userOf(principal).id;
    const { kind, ref, ...extra } = body;
    const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
    const slug = kind === 'episode' ? ref : extra.episode_slug;
    if (slug !== undefined && snapshot.findEpisodeBySlug(slug) === undefined) {
      throw new NotFound(`no episode with slug ${slug}`);
    }
    const filled =
      kind === 'insight' ? { ...insightDetails(snapshot, ref, slug), ...extra } : extra;
    await saveFavorite(ctx.db, userId, { kind, ref, extra: filled }, ctx.now());
    return favoritesOf(ctx, userId);
  },
});

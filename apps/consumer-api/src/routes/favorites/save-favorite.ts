import { FavoriteSaveBody, Favorites, Problem } from '@podcast/contracts';
import { saveUserFavorite } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const putFavorite = defineRoute({
  method: 'put',
  path: '/api/app/favorites',
  summary: 'Save a favorite',
  description:
    'Idempotent on (kind, ref): saving again replaces the extra fields. An insight favorite ' +
    'gets text, episode_slug, podcast_title and start_ms from the corpus when it omits them. ' +
    'Answers the whole grouped list.',
  tags: ['favorites'],
  auth: 'session',
  body: FavoriteSaveBody,
  responses: {
    200: Favorites,
    404: Problem.describe(
      'The episode named is not in the corpus, or an insight sent without text is not',
    ),
    409: Problem.describe('Already 5,000 favorites'),
  },
  handler: ({ ctx, body, principal }) =>
    saveUserFavorite(userStateOf(ctx), principal.user.id, body),
});

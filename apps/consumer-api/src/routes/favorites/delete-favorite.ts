import { FavoriteKind, Favorites, z } from '@podcast/contracts';
import { deleteFavorite } from '@podcast/db';
import { userOf } from '../../auth/session-auth.js';
import { defineRoute } from '../../context.js';
import { favoritesOf } from './list-favorites.js';

export const removeFavorite = defineRoute({
  method: 'delete',
  path: '/api/app/favorites/{kind}/{ref*}',
  summary: 'Remove a favorite',
  description:
    'The ref is URL-encoded (it may contain ":" and "/"). Removing an absent favorite is a ' +
    'no-op. Answers the whole grouped list.',
  tags: ['favorites'],
  auth: 'session',
  params: z.object({ kind: FavoriteKind, ref: z.string().min(1).max(512) }),
  responses: { 200: Favorites },
  handler: async ({ ctx, params, principal }) => {
    const userId = userOf(principal).id;
    await deleteFavorite(ctx.db, userId, params.kind, params.ref);
    return favoritesOf(ctx, userId);
  },
});

import { FavoriteKind, Favorites, z } from '@podcast/contracts';
import { removeUserFavorite } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

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
  handler: ({ ctx, params, principal }) =>
    removeUserFavorite(userStateOf(ctx), principal.user.id, params.kind, params.ref),
});

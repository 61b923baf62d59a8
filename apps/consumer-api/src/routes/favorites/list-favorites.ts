import { Favorites } from '@podcast/contracts';
import { listFavorites } from '@podcast/db';
import { userOf } from '../../auth/session-auth.js';
import type { ConsumerCtx } from '../../context.js';
import { defineRoute } from '../../context.js';
import { visibleFavorites } from './visible-favorites.js';

/** The user's favorites grouped by kind, as every favorites route answers. */
export async function favoritesOf(ctx: ConsumerCtx, userId: string) {
  const [snapshot, favorites] = await Promise.all([
    ctx.corpus.get(ctx.config.corpusDir),
    listFavorites(ctx.db, userId),
  ]);
  return visibleFavorites(snapshot, favorites);
}

export const getFavorites = defineRoute({
  method: 'get',
  path: '/api/app/favorites',
  summary: 'Favorites grouped by kind',
  description: 'Newest first within each group.',
  tags: ['favorites'],
  auth: 'session',
  responses: { 200: Favorites },
  handler: ({ ctx, principal }) => favoritesOf(ctx, userOf(principal).id),
});

import { Favorites } from '@podcast/contracts';
import { listUserFavorites } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const getFavorites = defineRoute({
  method: 'get',
  path: '/api/app/favorites',
  summary: 'Favorites grouped by kind',
  description: 'Newest first within each group.',
  tags: ['favorites'],
  auth: 'session',
  responses: { 200: Favorites },
  handler: ({ ctx, principal }) => listUserFavorites(userStateOf(ctx), principal.user.id),
});

import { PlaybackList } from '@podcast/contracts';
import { playbackRevisionOf } from '@podcast/db';
import { listUserPlayback } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { indexedCatalogCache } from '../catalog-cache.js';

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
  // The list depends on the user's positions and on which episodes the corpus
  // holds: cached per snapshot (or index version) under the user's playback
  // revision, so an unchanged list costs one primary-key read and no serialising.
  cache: {
    scope: indexedCatalogCache.scope,
    vary: async ({ ctx, principal }) =>
      `${principal.user.id}:${await playbackRevisionOf(ctx.db, principal.user.id)}`,
  },
  handler: ({ ctx, principal }) => listUserPlayback(userStateOf(ctx), principal.user.id),
});

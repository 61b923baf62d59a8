import { PlaybackList } from '@podcast/contracts';
import { listUserPlayback } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

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
  handler: ({ ctx, principal }) => listUserPlayback(userStateOf(ctx), principal.user.id),
});

import { EpisodeSlugParams, PlaybackPosition } from '@podcast/contracts';
import { getPlayback } from '@podcast/db';
import { defineRoute } from '../../context.js';

export const getPlaybackPosition = defineRoute({
  method: 'get',
  path: '/api/app/playback/{slug}',
  summary: 'The saved playback position of one episode',
  description: 'position_seconds 0 and no updated_at when nothing was saved.',
  tags: ['playback'],
  auth: 'session',
  params: EpisodeSlugParams,
  responses: { 200: PlaybackPosition },
  handler: ({ ctx, params, principal }) => getPlayback(ctx.db, principal.user.id, params.slug),
});

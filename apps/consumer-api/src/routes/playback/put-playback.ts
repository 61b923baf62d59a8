import { EpisodeSlugParams, PlaybackPosition, PlaybackPut, Problem } from '@podcast/contracts';
import { saveUserPlayback } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const savePlaybackPosition = defineRoute({
  method: 'put',
  path: '/api/app/playback/{slug}',
  summary: 'Save the playback position of one episode',
  description: 'Last write wins. 400 for a negative position, 404 for a slug the corpus lacks.',
  tags: ['playback'],
  auth: 'session',
  params: EpisodeSlugParams,
  body: PlaybackPut,
  responses: { 200: PlaybackPosition, 404: Problem.describe('Unknown episode slug') },
  handler: ({ ctx, params, body, principal }) =>
    saveUserPlayback(userStateOf(ctx), principal.user.id, params.slug, body.position_seconds),
});

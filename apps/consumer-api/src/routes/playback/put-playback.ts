import { EpisodeSlugParams, PlaybackPosition, PlaybackPut, Problem } from '@podcast/contracts';
import { putPlayback } from '@podcast/db';
import { userOf } from '../../auth/session-auth.js';
import { defineRoute } from '../../context.js';
import { episodeBySlug } from '../catalog/episode-by-slug.js';

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
  handler: async ({ ctx, params, body, principal }) => {
    await episodeBySlug(ctx, params.slug);
    return putPlayback(ctx.db, userOf(principal).id, params.slug, body.position_seconds, ctx.now());
  },
});

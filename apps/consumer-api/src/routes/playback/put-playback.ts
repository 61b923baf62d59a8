import { EpisodeSlugParams, PlaybackPosition, PlaybackPut, Problem } from '@podcast/contracts';
import { saveUserPlayback } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const savePlaybackPosition = defineRoute({
  method: 'put',
  path: '/api/app/playback/{slug}',
  summary: 'Save the playback position of one episode',
  description:
    'The newest write wins by `client_ts` (epoch seconds, clamped to the last 30 days and 5 ' +
    'minutes ahead; absent: now): a replayed older position answers the stored newer one and ' +
    'changes nothing. `finished` marks the episode finished. 400 for a negative position, 404 ' +
    'for a slug the corpus lacks.',
  tags: ['playback'],
  auth: 'session',
  params: EpisodeSlugParams,
  body: PlaybackPut,
  responses: { 200: PlaybackPosition, 404: Problem.describe('Unknown episode slug') },
  handler: ({ ctx, params, body, principal }) =>
    saveUserPlayback(userStateOf(ctx), principal.user.id, params.slug, body),
});

import { EpisodeActionPage, EpisodeActionQuery, GpodderUserParams } from '@podcast/contracts';
import { episodeActionsSince } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const getGpodderEpisodeActions = defineRoute({
  method: 'get',
  path: '/api/2/episodes/{username}.json',
  summary: 'gPodder: episode actions uploaded after `since`',
  description:
    'Without `since`, every action. `podcast` and `device` filter; `aggregated=true` keeps ' +
    'the newest action of each episode. Positions saved in the web app appear as play ' +
    'actions (without a device).',
  tags: ['gpodder'],
  auth: 'sync',
  params: GpodderUserParams,
  query: EpisodeActionQuery,
  responses: { 200: EpisodeActionPage },
  handler: ({ ctx, query, principal }) =>
    episodeActionsSince(userStateOf(ctx), principal.userId, query),
});

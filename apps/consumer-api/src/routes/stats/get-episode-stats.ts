import { EpisodeSlugParams, EpisodeStats, Problem } from '@podcast/contracts';
import { episodeListenStats } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const getEpisodeStats = defineRoute({
  method: 'get',
  path: '/api/app/episodes/{slug}/stats',
  summary: "An episode's listening statistics across all users",
  description:
    'Aggregate counts only, never who listened. `insights` is the number of insights the ' +
    'episode shows. 404 for a slug the corpus does not have.',
  tags: ['account'],
  auth: 'session',
  params: EpisodeSlugParams,
  responses: { 200: EpisodeStats, 404: Problem.describe('Unknown episode slug') },
  handler: ({ ctx, params }) => episodeListenStats(userStateOf(ctx), params.slug),
});

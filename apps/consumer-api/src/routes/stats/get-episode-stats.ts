import { EpisodeSlugParams, EpisodeStats, Problem } from '@podcast/contracts';
import { projectInsights } from '@podcast/corpus';
import { episodeStats } from '@podcast/db';
import { defineRoute } from '../../context.js';
import { episodeBySlug } from '../catalog/episode-by-slug.js';

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
  handler: async ({ ctx, params }) => {
    const { snapshot, episode } = await episodeBySlug(ctx, params.slug);
    const graph = snapshot.graphOf(episode);
    const listens = await episodeStats(ctx.db, params.slug, ctx.now());
    return { ...listens, insights: graph ? projectInsights(graph).length : 0 };
  },
});

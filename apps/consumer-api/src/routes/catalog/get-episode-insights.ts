import { EpisodeSlugParams, InsightList, Problem } from '@podcast/contracts';
import { insightListOf } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { catalogCache } from '../catalog-cache.js';
import { episodeBySlug } from './episode-by-slug.js';

export const getEpisodeInsights = defineRoute({
  method: 'get',
  path: '/api/app/episodes/{slug}/insights',
  summary: "An episode's insights with their supporting quotes",
  description:
    'Most salient first; insights the pipeline marked not surfaceable or `drop` are left out. ' +
    'Quotes play in order; quotes without timestamps are left out. An episode without a GI ' +
    'file answers an empty list.',
  tags: ['catalog'],
  auth: 'session',
  params: EpisodeSlugParams,
  responses: { 200: InsightList, 404: Problem.describe('Unknown episode slug') },
  cache: catalogCache,
  handler: async ({ ctx, params }) => {
    const { snapshot, episode } = await episodeBySlug(ctx, params.slug);
    return insightListOf(snapshot, snapshot.graphOf(episode));
  },
});

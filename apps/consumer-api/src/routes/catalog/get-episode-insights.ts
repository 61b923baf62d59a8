import { EpisodeSlugParams, InsightList, Problem } from '@podcast/contracts';
import { insightListOf } from '@podcast/corpus';
import { insightListFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedCatalogCache } from '../catalog-cache.js';
import { catalogIndexOf, unknownSlug } from './catalog-index.js';
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
  cache: indexedCatalogCache,
  handler: async ({ ctx, params }) => {
    const index = await catalogIndexOf(ctx, 'layers');
    if (index !== undefined) {
      const list = await insightListFromIndex(index.db, params.slug);
      if (list === undefined) {
        throw unknownSlug(params.slug);
      }
      return list;
    }
    const { snapshot, episode } = await episodeBySlug(ctx, params.slug);
    return insightListOf(snapshot, snapshot.graphOf(episode));
  },
});

import { PodcastList } from '@podcast/contracts';
import { podcastListOf } from '@podcast/corpus';
import { podcastListFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedCatalogCache } from '../catalog-cache.js';
import { catalogIndexOf } from './catalog-index.js';

export const listPodcasts = defineRoute({
  method: 'get',
  path: '/api/app/podcasts',
  summary: 'The shows of the catalog, by title',
  description: 'Episodes whose metadata names no feed id belong to no show and are not counted.',
  tags: ['catalog'],
  auth: 'session',
  responses: { 200: PodcastList },
  cache: indexedCatalogCache,
  handler: async ({ ctx }) => {
    const index = await catalogIndexOf(ctx, 'catalog');
    if (index !== undefined) {
      return podcastListFromIndex(index.db);
    }
    return podcastListOf(await ctx.corpus.get(ctx.config.corpusDir));
  },
});

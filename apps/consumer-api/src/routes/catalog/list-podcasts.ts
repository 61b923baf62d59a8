import { PodcastList } from '@podcast/contracts';
import { podcastListOf } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { catalogCache } from '../catalog-cache.js';

export const listPodcasts = defineRoute({
  method: 'get',
  path: '/api/app/podcasts',
  summary: 'The shows of the catalog, by title',
  description: 'Episodes whose metadata names no feed id belong to no show and are not counted.',
  tags: ['catalog'],
  auth: 'session',
  responses: { 200: PodcastList },
  cache: catalogCache,
  handler: async ({ ctx }) => podcastListOf(await ctx.corpus.get(ctx.config.corpusDir)),
});

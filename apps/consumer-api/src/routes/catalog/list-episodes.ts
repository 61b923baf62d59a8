import { EpisodeList, EpisodeListQuery, Problem } from '@podcast/contracts';
import { episodeListFromSnapshot } from '@podcast/corpus';
import { episodeListFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedCatalogCache } from '../catalog-cache.js';
import { catalogIndexOf } from './catalog-index.js';

export const listEpisodes = defineRoute({
  method: 'get',
  path: '/api/app/episodes',
  summary: 'The newest-first episode catalog, one page at a time',
  description:
    'Filters by `status` (ready, partial, pending) and `feed_id`. A page past the end is an ' +
    'empty page; an unknown feed id gives an empty list.',
  tags: ['catalog'],
  auth: 'session',
  query: EpisodeListQuery,
  responses: { 200: EpisodeList, 400: Problem.describe('A query parameter is out of bounds') },
  cache: indexedCatalogCache,
  handler: async ({ ctx, query }) => {
    const filter = { feedId: query.feed_id, status: query.status };
    const index = await catalogIndexOf(ctx, 'catalog');
    if (index !== undefined) {
      return episodeListFromIndex(index.db, filter, query);
    }
    const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
    return episodeListFromSnapshot(snapshot, filter, query);
  },
});

import { EpisodeList, EpisodeListQuery, Problem } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { catalogCache } from '../catalog-cache.js';
import { episodeListPage } from './episode-list-page.js';

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
  cache: catalogCache,
  handler: async ({ ctx, query }) => {
    const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
    return episodeListPage(snapshot, { feedId: query.feed_id, status: query.status }, query);
  },
});

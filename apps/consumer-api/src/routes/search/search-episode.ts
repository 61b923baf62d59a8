import {
  AppEpisodeSearchQuery,
  AppSearchResponse,
  EpisodeSlugParams,
  Problem,
} from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { appSearchResponse } from './app-search-hits.js';
import { searchLibraryOf } from './search-corpus-of.js';

export const searchEpisode = defineRoute({
  method: 'get',
  path: '/api/app/episodes/{slug}/search',
  summary: 'Grounded search inside one episode',
  description:
    'The hybrid search restricted to one episode’s rows (insights, quotes, transcript ' +
    'chunks, summary); transcript hits lift to their quote and insight. 404 for an unknown slug.',
  tags: ['search'],
  auth: 'session',
  params: EpisodeSlugParams,
  query: AppEpisodeSearchQuery,
  responses: { 200: AppSearchResponse, 404: Problem.describe('Unknown episode slug') },
  handler: async ({ ctx, params, query }) => {
    const library = await searchLibraryOf(ctx);
    const episode = await library.getEpisode(params.slug);
    const outcome = await ctx.search.search(library.corpus, {
      q: query.q,
      topK: query.top_k,
      episodeIds: [episode.episode_id ?? ''],
    });
    return appSearchResponse(query.q, library.corpus, outcome);
  },
});

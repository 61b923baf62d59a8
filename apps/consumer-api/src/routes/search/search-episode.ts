import {
  AppEpisodeSearchQuery,
  AppSearchResponse,
  EpisodeSlugParams,
  Problem,
} from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { episodeBySlug } from '../catalog/episode-by-slug.js';
import { appSearchResponse } from './app-search-hits.js';

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
    const { snapshot, episode } = await episodeBySlug(ctx, params.slug);
    const outcome = await ctx.search.search(snapshot, {
      q: query.q,
      topK: query.top_k,
      episodeIds: [episode.episode_id ?? ''],
    });
    return appSearchResponse(query.q, snapshot, outcome);
  },
});

import { AppSearchQuery, AppSearchResponse } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { appSearchResponse } from './app-search-hits.js';
import { searchLibraryOf } from './search-corpus-of.js';

export const searchLibrary = defineRoute({
  method: 'get',
  path: '/api/app/search',
  summary: 'Grounded search across the whole library',
  description:
    'The hybrid search of /api/search over the shared corpus; hits add episode_slug, ' +
    'episode_title, podcast_title and episode_artwork. 200 with `no_index: true` when the ' +
    'corpus has no usable index.',
  tags: ['search'],
  auth: 'session',
  query: AppSearchQuery,
  responses: { 200: AppSearchResponse },
  handler: async ({ ctx, query }) => {
    const { corpus } = await searchLibraryOf(ctx);
    const outcome = await ctx.search.search(corpus, {
      q: query.q,
      topK: query.top_k,
      groundedOnly: query.grounded_only,
    });
    return appSearchResponse(query.q, corpus, outcome);
  },
});

import {
  AppRelatedQuery,
  EpisodeCatalogItem,
  EpisodeSlugParams,
  Problem,
  z,
} from '@podcast/contracts';
import { catalogItemOf } from '@podcast/corpus';
import { findSimilarEpisodes } from '@podcast/search';
import { defineRoute } from '../../context.js';
import { searchLibraryOf } from './search-corpus-of.js';

const RelatedEpisodes = z.object({ items: z.array(EpisodeCatalogItem) }).openapi('RelatedEpisodes');

export const listRelatedEpisodes = defineRoute({
  method: 'get',
  path: '/api/app/episodes/{slug}/related',
  summary: 'Episodes similar to one episode, as catalog cards',
  description:
    'Nearest episodes by the mean embedding of their insights, summary and title. 200 with ' +
    'an empty list when the corpus has no usable index; 404 for an unknown slug.',
  tags: ['catalog'],
  auth: 'session',
  params: EpisodeSlugParams,
  query: AppRelatedQuery,
  responses: { 200: RelatedEpisodes, 404: Problem.describe('Unknown episode slug') },
  handler: async ({ ctx, params, query }) => {
    const library = await searchLibraryOf(ctx);
    const episode = await library.getEpisode(params.slug);
    const similar = await findSimilarEpisodes(ctx.search, library.corpus, episode, query.top_k);
    const peers = similar.status === 'ok' ? similar.episodes : [];
    const feeds = await library.findFeeds([...new Set(peers.map(({ episode: e }) => e.feed_id))]);
    return {
      items: peers.map(({ episode: peer }) => catalogItemOf(peer, feeds.get(peer.feed_id))),
    };
  },
});

import { Problem, SimilarEpisodesQuery, SimilarEpisodesResponse } from '@podcast/contracts';
import { findSimilarEpisodes } from '@podcast/search';
import { defineRoute } from '../../context.js';
import { catalogEpisodePlaceAt } from '../corpus-browse/corpus-snapshot-for.js';
import { searchCorpusFor } from './search-corpus-for.js';

export const listSimilarEpisodes = defineRoute({
  method: 'get',
  path: '/api/corpus/episodes/similar',
  summary: 'Episodes semantically closest to one episode',
  description:
    'The mean embedding of the episode’s insight, summary and title rows against the same ' +
    'rows of every other episode. Without a usable index: 200 with `error: no_index` and no ' +
    'items. 404 for a metadata_relpath that is no catalog episode.',
  tags: ['corpus'],
  auth: 'open',
  query: SimilarEpisodesQuery,
  responses: {
    200: SimilarEpisodesResponse,
    404: Problem.describe('`metadata_relpath` names no episode of the corpus'),
  },
  handler: async ({ query, ctx }) => {
    const { place, episode } = await catalogEpisodePlaceAt(ctx, query.path, query.metadata_relpath);
    const corpus = await searchCorpusFor(ctx, query.path);
    const similar = await findSimilarEpisodes(ctx.search, corpus, episode, query.top_k);
    const base = { path: place.root, metadata_relpath: query.metadata_relpath };
    if (similar.status === 'no_index') {
      return { ...base, items: [], error: 'no_index' };
    }
    const items = similar.episodes.map(({ episode: peer, score }) => ({
      metadata_relpath: peer.metadata_relpath,
      episode_id: peer.episode_id,
      title: peer.title,
      feed_id: peer.feed_id,
      podcast_title: peer.podcast_title,
      publish_date: peer.publish_date,
      score,
    }));
    return { ...base, items, error: null };
  },
});

import { EpisodeDetail, EpisodeSlugParams, Problem } from '@podcast/contracts';
import { episodeDetailOf } from '@podcast/corpus';
import { episodeDetailFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedCatalogCache } from '../catalog-cache.js';
import { catalogIndexOf, unknownSlug } from './catalog-index.js';
import { episodeBySlug } from './episode-by-slug.js';

export const getEpisode = defineRoute({
  method: 'get',
  path: '/api/app/episodes/{slug}',
  summary: 'One episode with its summary and artifact flags',
  tags: ['catalog'],
  auth: 'session',
  params: EpisodeSlugParams,
  responses: { 200: EpisodeDetail, 404: Problem.describe('Unknown episode slug') },
  cache: indexedCatalogCache,
  handler: async ({ ctx, params }) => {
    const index = await catalogIndexOf(ctx, 'catalog');
    if (index !== undefined) {
      const detail = await episodeDetailFromIndex(index.db, params.slug);
      if (detail === undefined) {
        throw unknownSlug(params.slug);
      }
      return detail;
    }
    const { snapshot, episode } = await episodeBySlug(ctx, params.slug);
    return episodeDetailOf(episode, snapshot.findFeed(episode.feed_id));
  },
});

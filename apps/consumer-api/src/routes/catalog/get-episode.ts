import { EpisodeDetail, EpisodeSlugParams, Problem } from '@podcast/contracts';
import { episodeDetailOf } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { catalogCache } from '../catalog-cache.js';
import { episodeBySlug } from './episode-by-slug.js';

export const getEpisode = defineRoute({
  method: 'get',
  path: '/api/app/episodes/{slug}',
  summary: 'One episode with its summary and artifact flags',
  tags: ['catalog'],
  auth: 'session',
  params: EpisodeSlugParams,
  responses: { 200: EpisodeDetail, 404: Problem.describe('Unknown episode slug') },
  cache: catalogCache,
  handler: async ({ ctx, params }) => {
    const { snapshot, episode } = await episodeBySlug(ctx, params.slug);
    return episodeDetailOf(episode, snapshot.findFeed(episode.feed_id));
  },
});

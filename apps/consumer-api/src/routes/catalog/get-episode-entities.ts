import { EpisodeEntities, EpisodeSlugParams, Problem } from '@podcast/contracts';
import { episodeEntitiesOf, loadTopicOverlays, NO_TOPIC_OVERLAYS } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { slugEpisode } from './episode-by-slug.js';

export const getEpisodeEntities = defineRoute({
  method: 'get',
  path: '/api/app/episodes/{slug}/entities',
  summary: 'People, organisations and topics of an episode',
  description:
    'From the episode KG, named as the bridge names them; unnamed voices are left out. Topics ' +
    'carry their theme (`cluster_*`) and storyline (`theme_cluster_*`) when they have one. An ' +
    'episode without a KG file answers empty lists.',
  tags: ['catalog'],
  auth: 'session',
  params: EpisodeSlugParams,
  responses: { 200: EpisodeEntities, 404: Problem.describe('Unknown episode slug') },
  handler: async ({ ctx, params }) => {
    const { episode, files } = await slugEpisode(ctx, params.slug);
    const layers = await files();
    const kg = layers.kgOf(episode);
    const overlays = kg && (await loadTopicOverlays(layers));
    return episodeEntitiesOf(kg, layers.bridgeOf(episode), overlays ?? NO_TOPIC_OVERLAYS);
  },
});

import { podcastEpisodes } from '@podcast/corpus';
import { podcastEpisodesFromIndex } from '@podcast/corpus-index';
import { byId, listRoute } from './relational-shared.js';

export const relationalEpisodes = listRoute({
  method: 'get',
  path: '/api/relational/episodes',
  scope: 'podcast',
  summary: "A show's episodes (podcast = feed_id), newest first",
  answer: byId(podcastEpisodes),
  index: podcastEpisodesFromIndex,
});

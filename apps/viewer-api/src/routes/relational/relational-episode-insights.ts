import { episodeInsights } from '@podcast/corpus';
import { episodeInsightsFromIndex } from '@podcast/corpus-index';
import { byEpisode, listRoute } from './relational-shared.js';

export const relationalEpisodeInsights = listRoute({
  method: 'get',
  path: '/api/relational/episode-insights',
  scope: 'episode',
  summary: "An episode's insights (episode = episode_id, slug or metadata relpath)",
  answer: byEpisode(episodeInsights),
  index: episodeInsightsFromIndex,
});

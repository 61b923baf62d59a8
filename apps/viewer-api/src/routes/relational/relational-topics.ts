import { episodeTopics } from '@podcast/corpus';
import { episodeTopicsFromIndex } from '@podcast/corpus-index';
import { byEpisode, listRoute } from './relational-shared.js';

export const relationalTopics = listRoute({
  method: 'get',
  path: '/api/relational/topics',
  scope: 'episode',
  summary: "Topics of an episode's insights, most discussed first",
  answer: byEpisode(episodeTopics),
  index: episodeTopicsFromIndex,
});

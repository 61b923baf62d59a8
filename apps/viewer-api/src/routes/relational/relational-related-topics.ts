import { relatedTopics } from '@podcast/corpus';
import { relatedTopicsFromIndex } from '@podcast/corpus-index';
import { byId, listRoute } from './relational-shared.js';

export const relationalRelatedTopics = listRoute({
  method: 'get',
  path: '/api/relational/related-topics',
  scope: 'topic',
  summary: 'Topics discussed in the same episodes, by shared episodes',
  answer: byId(relatedTopics),
  index: relatedTopicsFromIndex,
});

import { topicEntities } from '@podcast/corpus';
import { topicEntitiesFromIndex } from '@podcast/corpus-index';
import { byId, listRoute } from './relational-shared.js';

export const relationalTopicEntities = listRoute({
  method: 'get',
  path: '/api/relational/topic-entities',
  scope: 'topic',
  summary: 'Persons and orgs named by insights about the topic, most frequent first',
  answer: byId(topicEntities),
  index: topicEntitiesFromIndex,
});

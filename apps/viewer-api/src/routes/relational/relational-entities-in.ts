import { entitiesIn } from '@podcast/corpus';
import { entitiesInFromIndex } from '@podcast/corpus-index';
import { byId, listRoute } from './relational-shared.js';

export const relationalEntitiesIn = listRoute({
  method: 'get',
  path: '/api/relational/entities-in',
  scope: 'insight',
  summary: 'Persons and orgs the insight names',
  answer: byId(entitiesIn),
  index: entitiesInFromIndex,
});

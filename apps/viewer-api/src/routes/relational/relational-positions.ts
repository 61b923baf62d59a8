import { statedBy } from '@podcast/corpus';
import { statedByFromIndex } from '@podcast/corpus-index';
import { rankedRoute } from './relational-shared.js';

export const relationalPositions = rankedRoute({
  method: 'get',
  path: '/api/relational/positions',
  scope: 'person',
  summary: 'Insights the person stated',
  select: statedBy,
  index: statedByFromIndex,
});

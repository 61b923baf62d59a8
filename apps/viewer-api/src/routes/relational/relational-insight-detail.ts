import { insightDetail } from '@podcast/corpus';
import { insightDetailFromIndex } from '@podcast/corpus-index';
import { byId, listRoute } from './relational-shared.js';

export const relationalInsightDetail = listRoute({
  method: 'get',
  path: '/api/relational/insight-detail',
  scope: 'insight',
  summary: 'The insight, then its quotes, topics and entities',
  answer: byId(insightDetail),
  index: insightDetailFromIndex,
});

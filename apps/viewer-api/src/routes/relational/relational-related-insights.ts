import { relatedInsights } from '@podcast/corpus';
import { relatedInsightsFromIndex } from '@podcast/corpus-index';
import { rankedRoute } from './relational-shared.js';

export const relationalRelatedInsights = rankedRoute({
  method: 'get',
  path: '/api/relational/related-insights',
  scope: 'insight',
  summary: 'Insights sharing a topic or an entity with the insight',
  select: relatedInsights,
  index: relatedInsightsFromIndex,
});

import { insightsAbout } from '@podcast/corpus';
import { insightsAboutFromIndex } from '@podcast/corpus-index';
import { rankedRoute } from './relational-shared.js';

export const relationalInsightsAbout = rankedRoute({
  method: 'get',
  path: '/api/relational/insights-about',
  scope: 'entity',
  summary: 'Insights naming the entity (person, org or topic)',
  select: insightsAbout,
  index: insightsAboutFromIndex,
});

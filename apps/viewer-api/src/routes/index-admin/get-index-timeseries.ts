import { IndexTimeseriesQuery, IndexTimeseriesResponse } from '@podcast/contracts';
import { resolveCorpusRoot } from '@podcast/corpus';
import { defineRoute } from '../../context.js';

export const getIndexTimeseries = defineRoute({
  method: 'get',
  path: '/api/index/timeseries',
  summary: 'Rebuild history of the search index',
  description:
    'One point per finished or failed rebuild from search/index_history.jsonl, oldest first: ' +
    'duration, whether it was full, episodes re-embedded and removed, rows and total vectors.',
  tags: ['index'],
  auth: 'open',
  query: IndexTimeseriesQuery,
  responses: { 200: IndexTimeseriesResponse },
  handler: async ({ query, ctx }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    return { path: root, points: await ctx.search.history(root) };
  },
});

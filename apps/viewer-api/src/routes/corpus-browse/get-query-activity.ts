import { QueryActivityQuery, QueryActivityResponse } from '@podcast/contracts';
import { dailyActivity, readQueryCounts, resolveCorpusRoot } from '@podcast/corpus';
import { defineRoute } from '../../context.js';

export const getQueryActivity = defineRoute({
  method: 'get',
  path: '/api/corpus/query-activity',
  summary: 'Daily search counts from the query log',
  description:
    'Counts search/query_log.jsonl events per UTC day (ts[:10]) for the last `days` days ' +
    'ending today, zero-filled, oldest first. A missing log gives zeros; corrupt lines are skipped.',
  tags: ['corpus'],
  auth: 'open',
  query: QueryActivityQuery,
  responses: { 200: QueryActivityResponse },
  handler: async ({ query, ctx }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    const daily = dailyActivity(await readQueryCounts(ctx.corpus.at(root)), ctx.now(), query.days);
    const total = daily.reduce((sum, day) => sum + day.count, 0);
    return { path: root, days: query.days, total, daily };
  },
});

import { CorpusPathQuery, CorpusRunSummaryList } from '@podcast/contracts';
import { readRunSummaries } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { corpusPlaceFor } from './corpus-snapshot-for.js';

export const getRunsSummary = defineRoute({
  method: 'get',
  path: '/api/corpus/runs/summary',
  summary: 'Compact metrics per pipeline run',
  description:
    'Reads the 150 newest (by mtime) run.json files outside dot-directories and lists them by ' +
    'created_at descending. feed_id is the feed folder name under feeds/, not a metadata ' +
    'feed id. Unreadable run.json files are left out.',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusPathQuery,
  responses: { 200: CorpusRunSummaryList },
  handler: async ({ query, ctx }) => {
    const place = await corpusPlaceFor(ctx, query.path);
    return { path: place.root, ...(await readRunSummaries(place)) };
  },
});

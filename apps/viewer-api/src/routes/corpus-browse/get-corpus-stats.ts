import { CorpusPathQuery, CorpusStats } from '@podcast/contracts';
import { corpusStatsOf } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { snapshotCache } from '../snapshot-cache.js';
import { answerForCorpus } from './corpus-snapshot-for.js';

export const getCorpusStats = defineRoute({
  method: 'get',
  path: '/api/corpus/stats',
  summary: 'Publish-month histogram of the corpus',
  description:
    'YYYY-MM → number of deduplicated episodes published that month (oldest month first); ' +
    'undated episodes are counted apart.',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusPathQuery,
  responses: { 200: CorpusStats },
  cache: snapshotCache,
  handler: ({ query, ctx }) => answerForCorpus(ctx, query.path, corpusStatsOf),
});

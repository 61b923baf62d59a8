import { CorpusPathQuery, CorpusStats } from '@podcast/contracts';
import { corpusStatsOf } from '@podcast/corpus';
import { corpusStatsFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedSnapshotCache } from '../snapshot-cache.js';
import { answerForIndexedCorpus } from './corpus-snapshot-for.js';

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
  cache: indexedSnapshotCache,
  handler: ({ query, ctx }) =>
    answerForIndexedCorpus(ctx, query.path, {
      needs: 'catalog',
      index: corpusStatsFromIndex,
      snapshot: corpusStatsOf,
    }),
});

import { CorpusCoverage, CorpusPathQuery } from '@podcast/contracts';
import { corpusCoverageOf } from '@podcast/corpus';
import { corpusCoverageFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedSnapshotCache } from '../snapshot-cache.js';
import { answerForIndexedCorpus } from './corpus-snapshot-for.js';

export const getCorpusCoverage = defineRoute({
  method: 'get',
  path: '/api/corpus/coverage',
  summary: 'GI/KG presence per publish month and feed',
  description:
    'Counts episodes whose GI and KG sibling files exist, by publish month (oldest first, ' +
    'undated last as month null) and by feed (by feed_id, the empty id last).',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusPathQuery,
  responses: { 200: CorpusCoverage },
  cache: indexedSnapshotCache,
  handler: ({ query, ctx }) =>
    answerForIndexedCorpus(ctx, query.path, {
      needs: 'catalog',
      index: corpusCoverageFromIndex,
      snapshot: corpusCoverageOf,
    }),
});

import { CorpusFeedList, CorpusPathQuery } from '@podcast/contracts';
import { corpusFeedsOf } from '@podcast/corpus';
import { corpusFeedsFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedSnapshotCache } from '../snapshot-cache.js';
import { answerForIndexedCorpus } from './corpus-snapshot-for.js';

export const listCorpusFeeds = defineRoute({
  method: 'get',
  path: '/api/corpus/feeds',
  summary: 'Feeds aggregated from episode metadata',
  description:
    'One row per feed_id of the deduplicated episodes, sorted by feed_id with the empty id ' +
    '(metadata without a feed id) last. Each field comes from the newest episode that has it.',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusPathQuery,
  responses: { 200: CorpusFeedList },
  cache: indexedSnapshotCache,
  handler: ({ query, ctx }) =>
    answerForIndexedCorpus(ctx, query.path, {
      needs: 'catalog',
      index: async (db) => ({ feeds: await corpusFeedsFromIndex(db) }),
      snapshot: (snapshot) => ({ feeds: corpusFeedsOf(snapshot) }),
    }),
});

import { CorpusTrendingQuery, CorpusTrendingResponse, Problem } from '@podcast/contracts';
import { corpusTrending, limitTrending } from '@podcast/corpus';
import { corpusTrendingFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { corpusIndexFor, corpusSnapshotFor } from '../corpus-browse/corpus-snapshot-for.js';
import { dailyIndexedSnapshotCache } from '../snapshot-cache.js';

export const getCorpusTrending = defineRoute({
  method: 'get',
  path: '/api/corpus/trending',
  summary: 'Trending topics and persons',
  description:
    'Counts the episodes of the last 30 publish days (through today, UTC) that carry each ' +
    'topic or named person (KG, GI and bridge), compares them with the 30 days before and ' +
    'ranks by score = (count - previous_count) / (previous_count + 1), then count, then id. ' +
    'Only entities seen in the current period are listed.',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusTrendingQuery,
  responses: {
    200: CorpusTrendingResponse,
    403: Problem.describe('path lies outside CORPUS_ROOTS'),
  },
  // The periods end today (UTC), so the answer varies by day.
  cache: dailyIndexedSnapshotCache,
  handler: async ({ query, ctx }) => {
    // Topics and persons come from the first build's layers pass.
    const index = await corpusIndexFor(ctx, query.path, 'layers');
    if (index !== undefined) {
      const full = await corpusTrendingFromIndex(index.view.db, ctx.now());
      return limitTrending(full, query.limit_per_kind);
    }
    const snapshot = await corpusSnapshotFor(ctx, query.path);
    return corpusTrending(snapshot, ctx.now(), query.limit_per_kind);
  },
});

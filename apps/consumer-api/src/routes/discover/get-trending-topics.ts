import { TrendingTopicsQuery, TrendingTopicsResponse } from '@podcast/contracts';
import { corpusTrending } from '@podcast/corpus';
import { trendingTopicsFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { catalogIndexOf } from '../catalog/catalog-index.js';
import { dailyCatalogCache } from '../catalog-cache.js';

export const getTrendingTopics = defineRoute({
  method: 'get',
  path: '/api/app/corpus/trending-topics',
  summary: 'Topics trending in recent episodes',
  description:
    'Open in production. Topics of the episodes published in the last 30 days (UTC) against ' +
    'the 30 before, by score = (count - previous_count) / (previous_count + 1).',
  tags: ['catalog'],
  auth: 'open',
  query: TrendingTopicsQuery,
  responses: { 200: TrendingTopicsResponse },
  cache: dailyCatalogCache,
  handler: async ({ query, ctx }) => {
    // Topics are written by the first build's layers pass.
    const index = await catalogIndexOf(ctx, 'layers');
    const trending = index
      ? await trendingTopicsFromIndex(index.db, ctx.now(), query.limit)
      : corpusTrending(await ctx.corpus.get(ctx.config.corpusDir), ctx.now(), query.limit);
    return { as_of: trending.as_of, period_days: trending.period_days, items: trending.topics };
  },
});

import { DiscoverQuery, DiscoverResponse } from '@podcast/contracts';
import {
  corpusTrending,
  projectThemes,
  readTopicClusters,
  recentEpisodesWithInsights,
  trendingShows,
} from '@podcast/corpus';
import {
  recentEpisodesWithInsightsFromIndex,
  trendingShowsFromIndex,
  trendingTopicsFromIndex,
} from '@podcast/corpus-index';
import { type ConsumerCtx, defineRoute } from '../../context.js';
import { catalogIndexOf } from '../catalog/catalog-index.js';
import { dailyCatalogAndClustersCache } from '../catalog-cache.js';

export const getDiscover = defineRoute({
  method: 'get',
  path: '/api/app/discover',
  summary: 'The signed-out landing feed',
  description:
    'Open in production (spec 01 rule 2). Trending shows (most episodes published in the last ' +
    '30 days, then the newest), the newest episodes with insights, the largest themes (empty ' +
    'without a topic-cluster file) and trending topics; `limit` items per shelf.',
  tags: ['catalog'],
  auth: 'open',
  query: DiscoverQuery,
  responses: { 200: DiscoverResponse },
  cache: dailyCatalogAndClustersCache,
  handler: async ({ query, ctx }) => {
    const now = ctx.now();
    // Topics are written by the first build's layers pass.
    const index = await catalogIndexOf(ctx, 'layers');
    const clusters = await readTopicClusters(ctx.corpus.at(ctx.config.corpusDir));
    const shelves = index
      ? {
          trending_shows: await trendingShowsFromIndex(index.db, now, query.limit),
          recent_episodes: await recentEpisodesWithInsightsFromIndex(index.db, query.limit),
          trending_topics: (await trendingTopicsFromIndex(index.db, now, query.limit)).topics,
        }
      : await snapshotShelves(ctx, now, query.limit);
    return {
      as_of: now.toISOString().slice(0, 10),
      trending_shows: shelves.trending_shows,
      recent_episodes: shelves.recent_episodes,
      top_themes:
        clusters.state === 'ok' ? projectThemes(clusters.artifact).slice(0, query.limit) : [],
      trending_topics: shelves.trending_topics,
    };
  },
});

/** The shelves the projection answers (the index off). */
async function snapshotShelves(ctx: ConsumerCtx, now: Date, limit: number) {
  const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
  return {
    trending_shows: trendingShows(snapshot, now, limit),
    recent_episodes: recentEpisodesWithInsights(snapshot, limit),
    trending_topics: corpusTrending(snapshot, now, limit).topics,
  };
}

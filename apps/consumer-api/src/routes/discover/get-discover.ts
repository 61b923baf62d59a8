import { DiscoverQuery, DiscoverResponse } from '@podcast/contracts';
import {
  corpusTrending,
  projectThemes,
  readTopicClusters,
  recentEpisodesWithInsights,
  trendingShows,
} from '@podcast/corpus';
import { defineRoute } from '../../context.js';

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
  handler: async ({ query, ctx }) => {
    const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
    const now = ctx.now();
    const clusters = await readTopicClusters(ctx.corpus.at(ctx.config.corpusDir));
    return {
      as_of: now.toISOString().slice(0, 10),
      trending_shows: trendingShows(snapshot, now, query.limit),
      recent_episodes: recentEpisodesWithInsights(snapshot, query.limit),
      top_themes:
        clusters.state === 'ok' ? projectThemes(clusters.artifact).slice(0, query.limit) : [],
      trending_topics: corpusTrending(snapshot, now, query.limit).topics,
    };
  },
});

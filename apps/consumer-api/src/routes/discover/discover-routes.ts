import {
  AvatarParams,
  DevUsersResponse,
  DiscoverQuery,
  DiscoverResponse,
  NotFound,
  Problem,
  TrendingTopicsQuery,
  TrendingTopicsResponse,
} from '@podcast/contracts';
import {
  corpusTrending,
  projectThemes,
  readTopicClusters,
  recentEpisodesWithInsights,
  trendingShows,
} from '@podcast/corpus';
import { findUserById } from '@podcast/db';
import { rawReply } from '@podcast/http-kit';
import { avatarSvg } from '@podcast/user-state';
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
  handler: async ({ query, ctx }) => {
    const trending = corpusTrending(
      await ctx.corpus.get(ctx.config.corpusDir),
      ctx.now(),
      query.limit,
    );
    return { as_of: trending.as_of, period_days: trending.period_days, items: trending.topics };
  },
});

export const listDevUsers = defineRoute({
  method: 'get',
  path: '/api/app/auth/dev-users',
  summary: 'The local users a development server acts as',
  description:
    'Development only (spec 01 rule 1: no login; every request is the local user): lists that ' +
    'user. 404 in production, where users sign in.',
  tags: ['auth'],
  auth: 'open',
  responses: { 200: DevUsersResponse, 404: Problem.describe('Not a development server') },
  handler: async ({ ctx }) => {
    if (ctx.config.appEnv !== 'development') {
      throw new NotFound('dev users exist only on a development server');
    }
    const user = await ctx.auth.localUser();
    return { items: [{ user_id: user.id, name: user.name, email: user.email, current: true }] };
  },
});

const AVATAR_CACHE = 'public, max-age=86400';

const noSuchUser = () => new NotFound('user_id: no such user');

export const getAvatar = defineRoute({
  method: 'get',
  path: '/api/app/profile/{user_id}/avatar',
  summary: "A user's avatar image",
  description:
    'Open, because an image tag sends no bearer header; the id is opaque and never displayed. ' +
    'An SVG of the initials on a colour picked from the id, cached for a day; 404 for any id ' +
    'that names no user, a malformed one included (spec 01 rule 2: a client cannot validate ' +
    'an opaque id, so there is no 400 telling it the shape).',
  tags: ['auth'],
  auth: 'open',
  params: AvatarParams,
  responses: {
    200: { description: 'The avatar', contentType: 'image/svg+xml' },
    404: Problem.describe('No such user'),
  },
  // Too long, bad characters, NUL, a bad %-escape: the same 404 as an unknown id, no query made.
  invalid: () => {
    throw noSuchUser();
  },
  handler: async ({ params, ctx }) => {
    const user = await findUserById(ctx.db, params.user_id);
    if (user === undefined) {
      throw noSuchUser();
    }
    return rawReply(200, 'image/svg+xml', avatarSvg(user.id, user.name), {
      'Cache-Control': AVATAR_CACHE,
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  },
});

export const discoverRoutes = [getDiscover, getTrendingTopics, listDevUsers, getAvatar];

import { EpisodeCatalogItem, PodcastItem } from './catalog.js';
import { TrendingEntity } from './corpus-graph.js';
import { Theme } from './graph-shapes.js';
import { IsoDate, queryInt } from './query.js';
import { Count } from './wire-formats.js';
import { z } from './zod.js';

/**
 * The open consumer routes of spec 01 Authentication rule 2 that serve a
 * signed-out visitor: the landing feed, trending topics, the development
 * user list and profile avatars (docs/decisions/catalog.md "Open routes").
 */

export const DiscoverQuery = z.object({
  limit: queryInt(1, 24).default(8).openapi({ description: 'Items per shelf, 1-24, default 8' }),
});

export const TrendingShow = PodcastItem.extend({
  recent_episode_count: Count.openapi({ description: 'Episodes published in the last 30 days' }),
  latest_publish_date: IsoDate.nullable(),
}).openapi('TrendingShow');

export const DiscoverResponse = z
  .object({
    as_of: IsoDate,
    trending_shows: z.array(TrendingShow).openapi({
      description:
        'Most episodes in the last 30 days first, then the newest; shows with none after',
    }),
    recent_episodes: z.array(EpisodeCatalogItem).openapi({
      description: 'The newest episodes that have insights',
    }),
    top_themes: z.array(Theme).openapi({ description: 'Empty without a topic-cluster file' }),
    trending_topics: z.array(TrendingEntity),
  })
  .openapi('DiscoverResponse', { description: 'The signed-out landing feed' });
export type DiscoverResponse = z.infer<typeof DiscoverResponse>;

export const TrendingTopicsQuery = z.object({
  limit: queryInt(1, 50).default(10).openapi({ description: '1-50, default 10' }),
});

export const TrendingTopicsResponse = z
  .object({
    as_of: IsoDate,
    period_days: z.number().int().min(1),
    items: z.array(TrendingEntity),
  })
  .openapi('TrendingTopicsResponse');

export const DevUsersResponse = z
  .object({
    items: z.array(
      z.object({
        user_id: z.string(),
        name: z.string().nullable(),
        email: z.string().nullable(),
        current: z.boolean().openapi({ description: 'The user this development server acts as' }),
      }),
    ),
  })
  .openapi('DevUsersResponse', { description: 'Development only; 404 in production' });

export const AvatarParams = z.object({
  user_id: z
    .string()
    .regex(/^u_[0-9a-f]{24}$/, 'expected an opaque user id (u_ and 24 hex digits)')
    .openapi({ example: 'u_5f2c0d9a7b1e4c3d2a1b0f9e' }),
});

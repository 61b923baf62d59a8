import { Count, DailyCount, IsoDateTime, Slug } from './wire-formats.js';
import { z } from './zod.js';

/**
 * Per-user state of the consumer app (spec 01): playback, queue, favorites,
 * interests, the signed-in user and listening statistics. Request bodies are
 * bounded so one user cannot store unbounded data.
 */

/** The most episodes a play queue holds, on every write path (PUT and POST items). */
export const MAX_QUEUE = 500;
/** The most interests one user follows, on every write path. */
export const MAX_INTERESTS = 500;
/** The most favorites one user keeps (every kind together), on every write path. */
export const MAX_FAVORITES = 5000;
/** The most shows in one user's library (subscribe and OPML import). */
export const MAX_LIBRARY_FEEDS = 2000;

export const PlaybackPosition = z
  .object({
    slug: Slug,
    position_seconds: z.number().min(0),
    updated_at: IsoDateTime.optional(),
    finished: z.literal(true).optional().openapi({
      description: 'Present when the client marked the episode finished',
    }),
  })
  .openapi('PlaybackPosition', { example: { slug: 'p09-a4bbb5dde3', position_seconds: 312.5 } });
export type PlaybackPosition = z.infer<typeof PlaybackPosition>;

export const PlaybackList = z
  .object({ items: z.array(PlaybackPosition) })
  .openapi('PlaybackList', { description: 'Saved positions, most recently updated first' });
export type PlaybackList = z.infer<typeof PlaybackList>;

// zod 4 numbers are finite already; JSON cannot carry NaN or Infinity anyway.
/** When a client says something happened: epoch seconds, clamped by the server (see ClientTime). */
export const ClientTimestamp = z
  .number()
  .nonnegative()
  .openapi({
    description:
      'When it happened on the device, epoch seconds. Clamped to [server time - 30 days, ' +
      'server time + 5 minutes]; absent: the time the server receives it.',
    example: 1795483667,
  });

export const PlaybackPut = z
  .object({
    position_seconds: z.number().min(0).openapi({ example: 312.5 }),
    finished: z.boolean().optional().openapi({ description: 'The user finished the episode' }),
    client_ts: ClientTimestamp.optional(),
  })
  .openapi('PlaybackPut', {
    description: 'The newest write wins (by client_ts): a replayed older one changes nothing',
  });
export type PlaybackPut = z.infer<typeof PlaybackPut>;

export const Queue = z
  .object({ items: z.array(Slug).openapi({ description: 'Episode slugs in play order' }) })
  .openapi('Queue');
export type Queue = z.infer<typeof Queue>;

export const QueuePut = z
  .object({ items: z.array(Slug).max(MAX_QUEUE) })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.items.forEach((slug, index) => {
      if (seen.has(slug)) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', index],
          message: `"${slug}" is already queued`,
        });
      }
      seen.add(slug);
    });
  })
  .openapi('QueuePut', { description: 'Replaces the whole queue; each slug at most once' });
export type QueuePut = z.infer<typeof QueuePut>;

export const QueueItemPost = z
  .object({
    slug: Slug,
    after: Slug.optional().openapi({
      description: 'Queue it right after this episode; at the end when absent or not queued',
    }),
  })
  .openapi('QueueItemPost', {
    description:
      'Adds one episode; an episode already queued keeps its place (a replay is a no-op)',
  });
export type QueueItemPost = z.infer<typeof QueueItemPost>;

export const FavoriteKind = z
  .enum(['episode', 'insight', 'person', 'topic'])
  .openapi('FavoriteKind');
export type FavoriteKind = z.infer<typeof FavoriteKind>;

const FavoriteRef = z.string().min(1).max(512);
const SavedAt = IsoDateTime.optional();

export const FavoriteItem = z
  .object({ ref: FavoriteRef, label: z.string().optional(), saved_at: SavedAt })
  .openapi('FavoriteItem', { description: 'A saved episode (ref = slug), person or topic' });
export type FavoriteItem = z.infer<typeof FavoriteItem>;

export const FavoriteInsight = z
  .object({
    ref: FavoriteRef.openapi({ example: 'insight:9f00aa11bb22cc33' }),
    text: z.string(),
    episode_slug: Slug.optional(),
    podcast_title: z.string().optional(),
    start_ms: Count.optional().openapi({ description: 'Where the supporting quote starts' }),
    saved_at: SavedAt,
  })
  .openapi('FavoriteInsight');
export type FavoriteInsight = z.infer<typeof FavoriteInsight>;

export const Favorites = z
  .object({
    episodes: z.array(FavoriteItem),
    insights: z.array(FavoriteInsight),
    persons: z.array(FavoriteItem),
    topics: z.array(FavoriteItem),
  })
  .openapi('Favorites', { description: 'Favorites grouped by kind' });
export type Favorites = z.infer<typeof Favorites>;

export const FavoriteSaveBody = z
  .object({
    kind: FavoriteKind,
    ref: FavoriteRef,
    text: z.string().min(1).max(4000).optional(),
    episode_slug: Slug.optional(),
    podcast_title: z.string().max(500).optional(),
    start_ms: Count.optional(),
    label: z.string().max(500).optional(),
  })
  .openapi('FavoriteSaveBody', {
    description:
      'Idempotent on (kind, ref). An insight favorite without text takes the text of the ' +
      'insight its ref names in the corpus.',
  });
export type FavoriteSaveBody = z.infer<typeof FavoriteSaveBody>;

export const InterestToken = z
  .string()
  .max(200)
  .regex(/^(tc|topic|person):.+/, 'expected a tc:, topic: or person: token')
  .openapi('InterestToken', { example: 'topic:drainage' });
export type InterestToken = z.infer<typeof InterestToken>;

export const Interests = z
  .object({ items: z.array(InterestToken).max(MAX_INTERESTS) })
  .openapi('Interests', { description: 'Followed themes (tc:), topics and persons' });
export type Interests = z.infer<typeof Interests>;

export const CurrentUser = z
  .object({
    user_id: z.string().min(1).openapi({ example: 'u_5f2c0d9a7b1e4c3d2a1b0f9e' }),
    email: z.string().nullable(),
    name: z.string().nullable(),
  })
  .openapi('CurrentUser');
export type CurrentUser = z.infer<typeof CurrentUser>;

export const UserStats = z
  .object({
    episodes: Count,
    shows: Count,
    listening_seconds: z.number().min(0),
    active_days: Count,
    day_streak: Count,
    daily: z
      .array(DailyCount)
      .length(14)
      .openapi({ description: 'Episode opens, last 14 days, oldest first' }),
  })
  .openapi('UserStats');
export type UserStats = z.infer<typeof UserStats>;

export const EpisodeStats = z
  .object({
    slug: Slug,
    listeners: Count,
    opens: Count,
    insights: Count,
    daily: z.array(DailyCount),
  })
  .openapi('EpisodeStats', { description: 'Aggregate counts only; never who listened' });
export type EpisodeStats = z.infer<typeof EpisodeStats>;

/** `POST /api/app/listen/{slug}`: an optional body saying when the episode was opened. */
export const ListenPost = z.object({ client_ts: ClientTimestamp.optional() }).openapi('ListenPost');
export type ListenPost = z.infer<typeof ListenPost>;

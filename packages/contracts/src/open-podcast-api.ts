import { queryInt } from './query.js';
import { GpodderActionTime, SYNC_LIMITS } from './sync.js';
import { z } from './zod.js';

/**
 * The Open Podcast API (openpodcastapi.org, drafts of the OpenPodcastAPI/api-specs
 * repository): capabilities, subscriptions and deletions (the core), the
 * episodes draft and the sync draft, at /v1 over the same per-user state as
 * the gPodder API. Field names are the drafts', not ours; which draft
 * revision is served is in docs/decisions/sync.md.
 */

/** Limits of every Open Podcast API route (docs/decisions/sync.md). */
export const OPA_LIMITS = {
  /** Actions in one sync batch: the sync draft's own limit. */
  actionsPerSync: 30,
  /** Feeds in one POST /v1/subscriptions, as in one gPodder change. */
  subscriptionsPerRequest: SYNC_LIMITS.urlsPerChange,
  /** Episodes in one POST /v1/episodes. */
  episodesPerRequest: 1000,
  /** Episode records kept per user; a write past it is refused whole. */
  episodesPerUser: 50_000,
  /** GUIDs a user's subscriptions may have had, all together (each change adds one). */
  guidsPerUser: 2 * SYNC_LIMITS.subscriptionsPerUser,
  /** Deletion records kept per user, newest first. */
  deletionsKept: 100,
  pageSizeDefault: 50,
  pageSizeMax: 500,
  guidChars: 200,
  textChars: 2000,
  bodyLimit: '8mb',
} as const;

/**
 * A time as the drafts write them: RFC 3339 with any fraction of a second,
 * and the episodes draft's shorter `2024-11-02T13:19`; without a zone it is UTC.
 */
export const OpaTime = GpodderActionTime.openapi({ example: '2026-07-11T15:30:00.1Z' });

/** A time as answered: RFC 3339 in UTC, milliseconds. */
const OpaTimeOut = z.string().openapi({ example: '2026-07-11T15:30:00.100Z' });

const Guid = z
  .string()
  .min(1)
  .max(OPA_LIMITS.guidChars)
  .openapi({ description: 'A podcast GUID (podcast:guid, a UUID)' });
const FeedUrl = z.string().min(1).max(SYNC_LIMITS.urlChars);
const PageNumber = queryInt(1, 1_000_000);
const PageSize = queryInt(1, OPA_LIMITS.pageSizeMax);

// ---------------------------------------------------------------- capabilities

export const OpaCapabilityVersion = z.object({
  status: z.enum(['STABLE', 'UNSTABLE', 'DEPRECATED']),
  root: z.string().openapi({ description: 'Where this version is served, relative' }),
});

export const OpaCapabilities = z
  .record(z.string(), z.record(z.string(), OpaCapabilityVersion))
  .openapi('OpaCapabilities', {
    description: 'Per capability URN (`urn:opa:core` first), the versions served',
    example: { 'urn:opa:core': { '0.1.0': { status: 'UNSTABLE', root: '/v1' } } },
  });
export type OpaCapabilities = z.infer<typeof OpaCapabilities>;

// ---------------------------------------------------------------- subscriptions (core)

export const OpaSubscription = z
  .object({
    feed_url: z.string(),
    guid: z.string(),
    is_subscribed: z.boolean(),
    subscription_changed: OpaTimeOut.optional(),
    guid_changed: OpaTimeOut.optional(),
    new_guid: z.string().optional(),
    deleted: OpaTimeOut.optional(),
    sync_id: z.string().openapi({ description: "The sync draft's id of the same subscription" }),
    subscribed_at: OpaTimeOut,
    unsubscribed_at: OpaTimeOut.optional(),
  })
  .openapi('OpaSubscription');
export type OpaSubscription = z.infer<typeof OpaSubscription>;

/** The core's page: how many in all, which page, and links to its neighbours. */
const PageFields = {
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  next: z.string().optional(),
  previous: z.string().optional(),
};

export const OpaSubscriptionPage = z
  .object({ ...PageFields, subscriptions: z.array(OpaSubscription) })
  .openapi('OpaSubscriptionPage');
export type OpaSubscriptionPage = z.infer<typeof OpaSubscriptionPage>;

export const OpaPageQuery = z.object({
  since: OpaTime.optional().openapi({
    description: 'Only entries changed after this time (changed on the server after it too)',
  }),
  page: PageNumber.default(1),
  per_page: PageSize.default(OPA_LIMITS.pageSizeDefault),
});
export type OpaPageQuery = z.infer<typeof OpaPageQuery>;

export const OpaNewSubscriptionsBody = z
  .object({
    subscriptions: z
      .array(z.object({ feed_url: FeedUrl, guid: Guid.optional() }))
      .min(1)
      .max(OPA_LIMITS.subscriptionsPerRequest),
  })
  .openapi('OpaNewSubscriptionsBody');
export type OpaNewSubscriptionsBody = z.infer<typeof OpaNewSubscriptionsBody>;

export const OpaNewSubscriptions = z
  .object({
    success: z.array(
      z.object({
        feed_url: z.string(),
        guid: z.string(),
        is_subscribed: z.boolean(),
        subscription_changed: OpaTimeOut,
      }),
    ),
    failure: z.array(z.object({ feed_url: z.string(), message: z.string() })),
  })
  .openapi('OpaNewSubscriptions');
export type OpaNewSubscriptions = z.infer<typeof OpaNewSubscriptions>;

export const OpaGuidParams = z.object({
  guid: Guid.openapi({ description: 'Any GUID the subscription had, or its sync_id' }),
});

export const OpaSubscriptionUpdate = z
  .object({
    new_feed_url: FeedUrl.optional(),
    new_guid: Guid.optional(),
    is_subscribed: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'send at least one of new_feed_url, new_guid, is_subscribed',
  })
  .openapi('OpaSubscriptionUpdate');
export type OpaSubscriptionUpdate = z.infer<typeof OpaSubscriptionUpdate>;

export const OpaSubscriptionPatched = z
  .object({
    new_feed_url: z.string().optional(),
    is_subscribed: z.boolean().optional(),
    subscription_changed: OpaTimeOut.optional(),
    guid_changed: OpaTimeOut.optional(),
    new_guid: z.string().optional(),
  })
  .openapi('OpaSubscriptionPatched', { description: 'The fields the request changed' });
export type OpaSubscriptionPatched = z.infer<typeof OpaSubscriptionPatched>;

export const OpaDeletionAccepted = z
  .object({ deletion_id: z.number().int(), message: z.string() })
  .openapi('OpaDeletionAccepted');
export type OpaDeletionAccepted = z.infer<typeof OpaDeletionAccepted>;

export const OpaDeletionStatus = z.enum(['SUCCESS', 'FAILURE', 'PENDING']);

export const OpaDeletion = z
  .object({ deletion_id: z.number().int(), status: OpaDeletionStatus, message: z.string() })
  .openapi('OpaDeletion');
export type OpaDeletion = z.infer<typeof OpaDeletion>;

export const OpaDeletionParams = z.object({ id: queryInt(1) });

// ---------------------------------------------------------------- sync (the sync draft)

/** The subscription entity of the sync draft. */
export const OpaSyncSubscription = z
  .object({
    sync_id: z.string(),
    guid: z.string(),
    feed_url: z.string(),
    subscribed_at: OpaTimeOut,
    unsubscribed_at: OpaTimeOut.optional(),
  })
  .openapi('OpaSyncSubscription');
export type OpaSyncSubscription = z.infer<typeof OpaSyncSubscription>;

/**
 * One action of a batch. Only its envelope is checked here: an unknown type
 * or action, or data an action cannot use, is that action's `rejected`
 * result, and the rest of the batch is applied.
 */
export const OpaSyncAction = z.object({
  type: z.string().max(100),
  action: z.string().max(100),
  action_id: z.guid(),
  occurred_at: OpaTime,
  data: z.record(z.string(), z.unknown()),
});
export type OpaSyncAction = z.infer<typeof OpaSyncAction>;

export const OpaSyncBatch = z
  .object({ requests: z.array(OpaSyncAction).min(1).max(OPA_LIMITS.actionsPerSync) })
  .openapi('OpaSyncBatch');
export type OpaSyncBatch = z.infer<typeof OpaSyncBatch>;

export const OpaSyncStatus = z.enum(['applied', 'ignored', 'rejected']);
export type OpaSyncStatus = z.infer<typeof OpaSyncStatus>;

export const OpaSyncResult = z.object({
  type: z.string(),
  action: z.string(),
  action_id: z.string(),
  status: OpaSyncStatus,
  reason: z.string().optional(),
  data: OpaSyncSubscription.optional(),
});
export type OpaSyncResult = z.infer<typeof OpaSyncResult>;

export const OpaSyncResults = z
  .object({ results: z.array(OpaSyncResult) })
  .openapi('OpaSyncResults');
export type OpaSyncResults = z.infer<typeof OpaSyncResults>;

const Flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const OpaSyncQuery = z.object({
  since: OpaTime.optional(),
  limit: PageSize.default(OPA_LIMITS.pageSizeDefault),
  include: z
    .string()
    .max(200)
    .regex(/^(all|subscriptions)(,(all|subscriptions))*$/, 'a list of: all, subscriptions')
    .default('all'),
  include_own: Flag.default(false),
});
export type OpaSyncQuery = z.infer<typeof OpaSyncQuery>;

export const OpaSyncPage = z
  .object({
    results: z.array(
      z.object({
        type: z.literal('subscription'),
        last_updated: OpaTimeOut,
        data: OpaSyncSubscription,
      }),
    ),
    has_more: z.boolean(),
    has_next: z.boolean().openapi({ description: 'The same as has_more (the draft names both)' }),
    next_since: z.string().optional(),
    previous_since: z.string().optional(),
  })
  .openapi('OpaSyncPage');
export type OpaSyncPage = z.infer<typeof OpaSyncPage>;

// ---------------------------------------------------------------- episodes (the episodes draft)

function datum<T extends z.ZodType>(value: T) {
  return z.object({ value, timestamp: OpaTime });
}
function datumOut<T extends z.ZodType>(value: T) {
  return z.object({ value, timestamp: OpaTimeOut });
}
const Position = z
  .number()
  .int()
  .min(0)
  .max(7 * 24 * 3600);
const Text = z.string().max(OPA_LIMITS.textChars);

export const OpaEpisodeIn = z.object({
  podcast_guid: Guid,
  sync_id: z.string().min(1).max(100).optional(),
  temporary_id: z.string().min(1).max(200).optional(),
  episode_guid: Text.min(1).nullish(),
  title: Text.nullish(),
  publish_date: OpaTime.nullish(),
  enclosure_url: FeedUrl.nullish(),
  episode_url: FeedUrl.nullish(),
  playback_position: datum(Position).optional(),
  played_status: datum(z.boolean()).optional(),
  new_status: datum(z.boolean()).optional(),
  download_status: datum(z.boolean()).optional(),
  favorite_status: datum(z.boolean()).optional(),
});
export type OpaEpisodeIn = z.infer<typeof OpaEpisodeIn>;

/** `{episodes: [...]}` as the list it wraps; anything else as it is. */
function unwrapEpisodes(body: unknown): unknown {
  const isWrapped = typeof body === 'object' && body !== null && !Array.isArray(body);
  return isWrapped && 'episodes' in body ? body.episodes : body;
}

/** A list, as the draft says; `{episodes: [...]}` too, unwrapped first so a refusal names `body.3.title`. */
export const OpaEpisodeUpload = z
  .preprocess(unwrapEpisodes, z.array(OpaEpisodeIn).min(1).max(OPA_LIMITS.episodesPerRequest))
  .openapi({ description: 'A list of episodes, or `{episodes: [...]}`' });

export const OpaEpisode = z
  .object({
    podcast_guid: z.string(),
    sync_id: z.string(),
    temporary_id: z.string().optional(),
    episode_guid: z.string().nullable(),
    title: z.string().nullable(),
    publish_date: OpaTimeOut.nullable(),
    enclosure_url: z.string().nullable(),
    episode_url: z.string().nullable(),
    playback_position: datumOut(z.number().int()).optional(),
    played_status: datumOut(z.boolean()).optional(),
    new_status: datumOut(z.boolean()).optional(),
    download_status: datumOut(z.boolean()).optional(),
    favorite_status: datumOut(z.boolean()).optional(),
  })
  .openapi('OpaEpisode');
export type OpaEpisode = z.infer<typeof OpaEpisode>;

export const OpaEpisodePage = z
  .object({ ...PageFields, episodes: z.array(OpaEpisode) })
  .openapi('OpaEpisodePage');
export type OpaEpisodePage = z.infer<typeof OpaEpisodePage>;

export const OpaEpisodeResults = z
  .object({
    success: z.array(OpaEpisode),
    failure: z.array(
      z.object({
        podcast_guid: z.string(),
        sync_id: z.string().optional(),
        temporary_id: z.string().optional(),
        message: z.string(),
      }),
    ),
  })
  .openapi('OpaEpisodeResults');
export type OpaEpisodeResults = z.infer<typeof OpaEpisodeResults>;

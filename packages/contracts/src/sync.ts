import { queryInt } from './query.js';
import { IsoDateTime, withoutControlOrBidi } from './wire-formats.js';
import { z } from './zod.js';

/**
 * Sync with podcast apps: app passwords on /api/app and the
 * gPodder.net API v2 at the server's root. Field names and shapes of the
 * /api/2 and /subscriptions routes are the protocol's, not ours
 * (docs/decisions/sync.md).
 */

/** Limits of every sync write path. */
export const SYNC_LIMITS = {
  appPasswordsPerUser: 20,
  devicesPerUser: 100,
  /** Stored subscription rows per user, unsubscribed ones included. */
  subscriptionsPerUser: 5000,
  /** URLs in one subscription change or upload. */
  urlsPerChange: 5000,
  urlChars: 2048,
  actionsPerUpload: 5000,
  /** Stored episode actions per user; an upload that would pass it is refused whole. */
  actionsPerUser: 100_000,
  /** A body of 5,000 actions with long URLs stays well under it. */
  bodyLimit: '8mb',
} as const;

const bytes = (max: number) =>
  z
    .string()
    .refine((v) => Buffer.byteLength(v, 'utf8') <= max, { message: `at most ${max} bytes` });

// ---------------------------------------------------------------- app passwords

export const AppPasswordId = z.string().regex(/^ap_[0-9a-f]{24}$/, 'not an app password id');

export const AppPasswordCreateBody = z
  .object({
    // Listed back beside the password's use: nothing may reorder or hide its text.
    name: withoutControlOrBidi(bytes(100))
      .pipe(z.string().trim().min(1, 'a name is required'))
      .openapi({ description: 'What the password is for, e.g. "AntennaPod on my phone"' }),
  })
  .strict();
export type AppPasswordCreateBody = z.infer<typeof AppPasswordCreateBody>;

/** The name podcast apps log in with: lowercase letters, digits, `_` and `-`. */
export const SyncUsername = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'not a sync user name')
  .openapi({ description: 'The user name a podcast app logs in with' });

export const AppPassword = z.object({
  id: AppPasswordId,
  name: z.string(),
  username: SyncUsername,
  created_at: IsoDateTime,
  last_used_at: IsoDateTime.nullable(),
});
export type AppPassword = z.infer<typeof AppPassword>;

export const AppPasswordCreated = AppPassword.extend({
  password: z.string().openapi({ description: 'Shown this once; only a slow hash is stored' }),
});
export type AppPasswordCreated = z.infer<typeof AppPasswordCreated>;

export const AppPasswordList = z.object({ items: z.array(AppPassword) });
export type AppPasswordList = z.infer<typeof AppPasswordList>;

export const AppPasswordParams = z.object({ id: AppPasswordId });

// ---------------------------------------------------------------- gPodder: paths

/** A device id as the protocol allows it (`[\w.-]+`), at most 100 characters. */
export const GpodderDeviceId = z
  .string()
  .regex(/^[\w.-]{1,100}$/, 'a device id is 1-100 letters, digits, "_", "." or "-"');

export const GpodderUserParams = z.object({ username: z.string().min(1).max(64) });
export const GpodderDeviceParams = GpodderUserParams.extend({ device: GpodderDeviceId });

export const SimpleFormat = z.enum(['opml', 'json', 'txt']);
export type SimpleFormat = z.infer<typeof SimpleFormat>;
export const GpodderUserFileParams = GpodderUserParams.extend({ format: SimpleFormat });
export const GpodderDeviceFileParams = GpodderDeviceParams.extend({ format: SimpleFormat });

/** Seconds since the epoch, as every timestamp of the protocol. */
export const GpodderTimestamp = z.number().int().min(0);

const SinceParam = queryInt(0, 2 ** 40).openapi({
  description: 'The `timestamp` of the previous answer; 0 or absent for everything',
});

// ---------------------------------------------------------------- devices

export const DeviceType = z.enum(['desktop', 'laptop', 'mobile', 'server', 'other']);

export const GpodderDevice = z.object({
  id: z.string(),
  caption: z.string(),
  type: DeviceType,
  subscriptions: z.number().int().min(0),
});
export const GpodderDeviceList = z.array(GpodderDevice);
export type GpodderDevice = z.infer<typeof GpodderDevice>;

export const DeviceUpdateBody = z
  .object({
    // Every app of the user lists the caption: nothing may reorder or hide its text.
    caption: withoutControlOrBidi(bytes(255)).optional(),
    type: DeviceType.optional(),
  })
  .openapi({ description: 'Fields left out keep their value (a new device: "" and other)' });
export type DeviceUpdateBody = z.infer<typeof DeviceUpdateBody>;

// ---------------------------------------------------------------- subscriptions

const FeedUrlText = z.string().max(SYNC_LIMITS.urlChars);
const UrlList = z.array(FeedUrlText).max(SYNC_LIMITS.urlsPerChange);

/** A feed both added and removed (after sanitising) is a 400 of user-state's applySubscriptionChange. */
export const SubscriptionChangeBody = z.object({
  add: UrlList.default([]),
  remove: UrlList.default([]),
});
export type SubscriptionChangeBody = z.infer<typeof SubscriptionChangeBody>;

/** `[as sent, as stored]`; an empty second member means the URL was refused and ignored. */
const UpdateUrls = z.array(z.tuple([z.string(), z.string()]));

export const SubscriptionChangeResult = z.object({
  timestamp: GpodderTimestamp,
  update_urls: UpdateUrls,
});
export type SubscriptionChangeResult = z.infer<typeof SubscriptionChangeResult>;

export const SubscriptionChanges = z.object({
  add: z.array(z.string()),
  remove: z.array(z.string()),
  timestamp: GpodderTimestamp,
});
export type SubscriptionChanges = z.infer<typeof SubscriptionChanges>;

export const SinceQuery = z.object({ since: SinceParam.optional() });

/** The simple API's JSON form: the feed URLs, as a list. */
export const SubscriptionUrlList = z.array(z.string());

// ---------------------------------------------------------------- episode actions

export const EpisodeActionKind = z.enum(['download', 'play', 'delete', 'new', 'flattr']);
export type EpisodeActionKind = z.infer<typeof EpisodeActionKind>;

/** ISO 8601 as the apps send it; without a zone it is UTC (the protocol says so). */
export const GpodderActionTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/,
    'an ISO 8601 date and time, e.g. 2026-11-26T09:00:00',
  )
  .refine(isRealDateTime, 'not a real date and time');

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The fields name a day the calendar has (February 29 only in a leap year, no year 0) and a time of it. */
function isRealDateTime(value: string): boolean {
  const fields = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (fields === null) {
    return false;
  }
  const [year, month, day, hour, minute, second] = fields.slice(1).map((f) => Number(f ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysIn = month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0);
  // Year 0000 (1 BC) would come back from PostgreSQL as 0001: refused.
  return (
    year >= 1 &&
    day >= 1 &&
    day <= daysIn &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    !Number.isNaN(Date.parse(asUtc(value)))
  );
}

/** The instant an action time names (UTC when it carries no zone). */
export function actionInstant(value: string): Date {
  return new Date(Date.parse(asUtc(value)));
}

function asUtc(value: string): string {
  const iso = value.replace(' ', 'T');
  return /(?:Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}Z`;
}

/**
 * An optional field as gpodder.net reads it: null, and with `emptyText` an
 * empty string, mean "not given" (apps send `"guid": null` for an episode
 * without one, Kasts an empty device id).
 */
function unlessUnset<T extends z.ZodType>(schema: T, emptyText: boolean) {
  return z.preprocess(
    (v) => (v === null || (emptyText && v === '') ? undefined : v),
    schema.optional(),
  );
}

/** Whole seconds; a fractional value is rounded (gpodder.net stores integers), null is unset. */
const Seconds = z.preprocess(
  (v) => (v === null ? undefined : typeof v === 'number' ? Math.round(v) : v),
  z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .optional(),
);

export const EpisodeActionIn = z
  .object({
    podcast: FeedUrlText.min(1),
    episode: FeedUrlText.min(1),
    guid: unlessUnset(bytes(1000), true),
    device: unlessUnset(GpodderDeviceId, true),
    action: z
      .string()
      .transform((v) => v.toLowerCase())
      .pipe(EpisodeActionKind),
    timestamp: unlessUnset(GpodderActionTime, true),
    started: Seconds,
    position: Seconds,
    total: Seconds,
  })
  .superRefine((a, ctx) => {
    if (a.action !== 'play') {
      for (const key of ['started', 'position', 'total'] as const) {
        if (a[key] !== undefined) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'only a play action has it' });
        }
      }
    } else if (a.position === undefined && (a.started !== undefined || a.total !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['position'],
        message: 'required when started or total is set',
      });
    }
  });
export type EpisodeActionIn = z.infer<typeof EpisodeActionIn>;

export const EpisodeActionList = z.array(EpisodeActionIn).min(1).max(SYNC_LIMITS.actionsPerUpload);

/** `{actions: [...]}` as the list it wraps; anything else as it is. */
export function unwrapActions(body: unknown): unknown {
  const isWrapped = typeof body === 'object' && body !== null && !Array.isArray(body);
  return isWrapped && 'actions' in body ? body.actions : body;
}

/**
 * A bare list, as the protocol documents it; `{actions: [...]}` is taken
 * too. Unwrapped before the list is checked (not a union of the two), so a
 * refusal names the action's index and field (`body.3.position`): a union
 * could only say that neither shape matched.
 */
export const EpisodeActionUpload = z
  .preprocess(unwrapActions, EpisodeActionList)
  .openapi({ description: 'A list of actions, or `{actions: [...]}`' });

export const EpisodeActionUploadResult = SubscriptionChangeResult;

export const EpisodeActionOut = z.object({
  podcast: z.string(),
  episode: z.string(),
  guid: z.string().optional(),
  device: z.string().optional(),
  action: EpisodeActionKind,
  timestamp: z.string().openapi({ description: 'UTC, ISO 8601 without a zone' }),
  started: z.number().int().optional(),
  position: z.number().int().optional(),
  total: z.number().int().optional(),
});
export type EpisodeActionOut = z.infer<typeof EpisodeActionOut>;

export const EpisodeActionPage = z.object({
  actions: z.array(EpisodeActionOut),
  timestamp: GpodderTimestamp,
});
export type EpisodeActionPage = z.infer<typeof EpisodeActionPage>;

export const EpisodeActionQuery = z.object({
  since: SinceParam.optional(),
  podcast: FeedUrlText.min(1).optional(),
  device: GpodderDeviceId.optional(),
  aggregated: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type EpisodeActionQuery = z.infer<typeof EpisodeActionQuery>;

// ---------------------------------------------------------------- sync-devices

export const SyncDevicesStatus = z.object({
  synchronized: z.array(z.array(z.string())),
  'not-synchronized': z.array(z.string()),
});
export type SyncDevicesStatus = z.infer<typeof SyncDevicesStatus>;

export const SyncDevicesBody = z.object({
  synchronize: z.array(z.array(GpodderDeviceId).max(100)).max(100).default([]),
  'stop-synchronize': z.array(GpodderDeviceId).max(100).default([]),
});

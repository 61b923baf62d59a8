import { EnrichmentBlock } from './enrichment-config.js';
import { ScheduledJobKind } from './operator.js';
import { IsoDate } from './query.js';
import { z } from './zod.js';

/**
 * The two operator files under a corpus root (spec 01 "Operator and viewer
 * routes", spec 04 §8): the feeds spec (`feeds.spec.yaml`) and the operator
 * file (`viewer_operator.yaml`), plus the packaged profile presets.
 */

/**
 * Options a feed entry may carry besides its URL: the one list of spec 04 §8's
 * allowlist (retries and backoff, timeouts, politeness, conditional GET,
 * episode selection, known hosts, show-centric mode). Keys starting with
 * `circuit_breaker_` are allowed as well; anything else is refused.
 */
const FEED_OPTION_SCHEMAS = {
  retries: z.number().int().min(0).max(20),
  retry_backoff_seconds: z.number().min(0),
  retry_backoff_max_seconds: z.number().min(0),
  timeout_seconds: z.number().positive(),
  connect_timeout_seconds: z.number().positive(),
  read_timeout_seconds: z.number().positive(),
  politeness_delay_seconds: z.number().min(0),
  rss_conditional_get: z.boolean(),
  max_episodes: z.number().int().min(1),
  episode_order: z.enum(['newest', 'oldest']),
  episode_offset: z.number().int().min(0),
  episode_since: IsoDate,
  episode_until: IsoDate,
  known_hosts: z.array(z.string().min(1)),
  show_centric: z.boolean(),
} as const;

export const FEED_OPTION_KEYS: readonly string[] = Object.freeze(Object.keys(FEED_OPTION_SCHEMAS));
export const FEED_OPTION_PREFIX = 'circuit_breaker_';
/** `rss` and `rss_url` are accepted spellings of `url` (spec 04 §8). */
export const FEED_URL_KEYS: readonly string[] = Object.freeze(['url', 'rss', 'rss_url']);
export const MAX_FEED_ENTRIES = 5000;

const CircuitBreakerValue = z.union([z.number(), z.boolean()]);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An http(s) URL with a host, surrounding whitespace trimmed. */
export const FeedUrl = z
  .string()
  .trim()
  .refine(isHttpUrl, 'must be an http(s) URL with a host')
  .openapi({ example: 'https://feeds.example.com/show.xml' });

const FeedEntryFields = z.looseObject({
  url: FeedUrl.optional(),
  rss: FeedUrl.optional(),
  rss_url: FeedUrl.optional(),
  ...Object.fromEntries(Object.entries(FEED_OPTION_SCHEMAS).map(([k, s]) => [k, s.optional()])),
});

function checkEntryKeys(entry: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  const urlKeys = FEED_URL_KEYS.filter((k) => entry[k] !== undefined);
  if (urlKeys.length !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: urlKeys.length === 0 ? ['url'] : [urlKeys[1] ?? 'url'],
      message: urlKeys.length === 0 ? 'required' : 'give the URL once (url, rss or rss_url)',
    });
  }
  for (const [key, value] of Object.entries(entry)) {
    if (FEED_URL_KEYS.includes(key) || FEED_OPTION_KEYS.includes(key)) {
      continue;
    }
    if (!key.startsWith(FEED_OPTION_PREFIX)) {
      ctx.addIssue({ code: 'custom', path: [key], message: 'not an allowed feed option' });
    } else if (!CircuitBreakerValue.safeParse(value).success) {
      ctx.addIssue({ code: 'custom', path: [key], message: 'expected a number or a boolean' });
    }
  }
}

/** A feed entry as stored and served: a URL string, or `{url, …options}`. */
export const FeedEntry = z.union([FeedUrl, z.looseObject({ url: FeedUrl })]).openapi('FeedEntry', {
  description:
    'A bare URL string, or an object with `url` plus allowlisted options ' +
    `(${FEED_OPTION_KEYS.join(', ')}, ${FEED_OPTION_PREFIX}*)`,
});
export type FeedEntry = z.infer<typeof FeedEntry>;

/**
 * One entry of a PUT body or a stored file, normalised to `{url, …options}`.
 * A string becomes `{url}` first, so an object and a string share one set of
 * rules and every problem is reported at its own key (`feeds.3.foo`).
 */
export const FeedEntryInput = z
  .preprocess(
    (value) => (typeof value === 'string' ? { url: value } : value),
    FeedEntryFields.superRefine(checkEntryKeys),
  )
  .transform(({ url, rss, rss_url, ...options }) => ({
    url: (url ?? rss ?? rss_url) as string,
    ...options,
  }))
  .openapi('FeedEntryInput', {
    description:
      'A URL string, or an object with `url` (aliases `rss`, `rss_url`) and allowlisted options',
  });
export type FeedEntryInput = z.output<typeof FeedEntryInput>;

export const FeedsSpecPut = z
  .strictObject({
    feeds: z
      .array(FeedEntryInput)
      .max(MAX_FEED_ENTRIES)
      .openapi({ description: `At most ${MAX_FEED_ENTRIES} entries; duplicate URLs are dropped` }),
  })
  .openapi('FeedsSpecPut');
export type FeedsSpecPut = z.output<typeof FeedsSpecPut>;

export const FeedsSpecResponse = z
  .object({
    path: z.string().openapi({ description: 'The corpus root' }),
    file: z.string().openapi({
      description:
        'The feeds spec file relative to the root (the one that would be written when absent)',
      example: 'feeds.spec.yaml',
    }),
    exists: z.boolean().openapi({ description: 'False when the corpus has no feeds spec yet' }),
    feeds: z.array(FeedEntry),
  })
  .openapi('FeedsSpecResponse');
export type FeedsSpecResponse = z.infer<typeof FeedsSpecResponse>;

/** One cron schedule of the operator file's `scheduled_jobs` block. */
export const ScheduledJob = z
  .strictObject({
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or -, at most 64'),
    cron: z.string().min(1).openapi({ example: '0 6 * * *' }),
    enabled: z.boolean().default(true),
    kind: ScheduledJobKind.optional().openapi({ description: 'Absent means pipeline' }),
  })
  .openapi('ScheduledJob');
export type ScheduledJob = z.output<typeof ScheduledJob>;

/**
 * The keys of the operator file this server understands. Every other key is a
 * pipeline setting passed through untouched, so the object stays open.
 */
export const OperatorFileKeys = z
  .looseObject({
    profile: z.string().min(1).optional(),
    pipeline_install_extras: z.enum(['llm', 'ml']).optional(),
    enrichment: EnrichmentBlock.optional(),
    scheduled_jobs: z.array(ScheduledJob).optional(),
  })
  .openapi('OperatorFileKeys');
export type OperatorFileKeys = z.output<typeof OperatorFileKeys>;

export const OperatorConfigResponse = z
  .object({
    content: z.string().openapi({ description: 'The operator file as stored (YAML text)' }),
    operator_config_path: z.string().openapi({ description: 'Absolute path of the file' }),
    available_profiles: z
      .array(z.string())
      .openapi({ description: 'Names of the packaged profile presets usable for `profile`' }),
  })
  .openapi('OperatorConfigResponse');
export type OperatorConfigResponse = z.infer<typeof OperatorConfigResponse>;

export const OperatorConfigPut = z
  .strictObject({
    content: z
      .string()
      .max(512 * 1024)
      .openapi({
        description: 'The whole operator file as YAML text; it is stored exactly as sent',
      }),
  })
  .openapi('OperatorConfigPut');
export type OperatorConfigPut = z.infer<typeof OperatorConfigPut>;

export const ForbiddenOperatorKeysProblem = z
  .looseObject({
    type: z.string(),
    title: z.string(),
    status: z.literal(400),
    detail: z.string(),
    error: z.enum(['forbidden_operator_feed_keys', 'forbidden_operator_keys']).openapi({
      description: '`forbidden_operator_feed_keys` when every refused key is a feed key',
    }),
    keys: z.array(z.string()).openapi({ description: 'The refused keys as written' }),
  })
  .openapi('ForbiddenOperatorKeysProblem')
  .describe(
    'Forbidden keys, nothing written. A malformed field instead answers a problem whose `errors` names it.',
  );

export const OperatorProfile = z
  .object({
    name: z.string().openapi({ example: 'cloud_balanced' }),
    description: z
      .string()
      .optional()
      .openapi({ description: "The preset file's leading comment" }),
  })
  .openapi('OperatorProfile');
export type OperatorProfile = z.infer<typeof OperatorProfile>;

export const OperatorProfilesResponse = z
  .object({ profiles: z.array(OperatorProfile) })
  .openapi('OperatorProfilesResponse');
export type OperatorProfilesResponse = z.infer<typeof OperatorProfilesResponse>;

import { z } from '@podcast/contracts';
import { OutboundAllowedHosts, parseConfig } from '@podcast/runtime';

const optionalText = z.string().min(1).optional();
const positiveInt = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

const WorkerEnv = z
  .object({
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PODCAST_INTERNAL_OUTBOX_TOKEN: z.string({ error: 'required: the outbox seam token' }).min(16),
    PODCAST_APP_BASE_URL: z.url({ error: 'required: the consumer-api base URL' }),
    PODCAST_DEV_OUTBOX_URL: z.url().optional(),
    PODCAST_TENANT: z.enum(['production', 'development']).default('development'),
    // Push endpoints come from users: each host is vetted like an audio URL.
    OUTBOUND_ALLOWED_HOSTS: OutboundAllowedHosts,
    PODCAST_SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'expected smtp:// or smtps://' })
      .optional(),
    PODCAST_EMAIL_FROM: z.string().min(3).default('Podcast <no-reply@localhost>'),
    PODCAST_RELAY_URL: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
    PODCAST_RELAY_API_KEY: optionalText,
    PODCAST_RELAY_CURSOR_FILE: optionalText,
    PODCAST_EVENTS_POLL_MS: positiveInt(30_000, 3_600_000),
    PODCAST_VAPID_PUBLIC_KEY: optionalText,
    PODCAST_VAPID_PRIVATE_KEY: optionalText,
    PODCAST_VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'expected mailto: or https://')
      .default('mailto:ops@localhost'),
    PODCAST_APNS_KEY: optionalText,
    PODCAST_APNS_KEY_ID: optionalText,
    PODCAST_APNS_TEAM_ID: optionalText,
    PODCAST_APNS_TOPIC: optionalText,
    PODCAST_APNS_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
    PODCAST_APNS_ORIGIN: z.url({ protocol: /^https$/ }).optional(),
    PODCAST_PUSH_CA_FILE: optionalText,
    PODCAST_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    PODCAST_CONCURRENCY: positiveInt(16, 256),
    PODCAST_IDLE_MS: positiveInt(2000, 600_000),
    PODCAST_RETRY_ATTEMPTS: positiveInt(5, 20),
    PODCAST_RETRY_BASE_MS: positiveInt(500, 60_000),
  })
  .superRefine((env, ctx) => {
    const vapid = [env.PODCAST_VAPID_PUBLIC_KEY, env.PODCAST_VAPID_PRIVATE_KEY];
    if (vapid.some(Boolean) && !vapid.every(Boolean)) {
      const missing = env.PODCAST_VAPID_PUBLIC_KEY
        ? 'PODCAST_VAPID_PRIVATE_KEY'
        : 'PODCAST_VAPID_PUBLIC_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'both VAPID keys are needed for Web Push',
      });
    }
    if (env.PODCAST_RELAY_URL && !env.PODCAST_RELAY_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['PODCAST_RELAY_API_KEY'],
        message: 'required with PODCAST_RELAY_URL',
      });
    }
    const apns = [
      'PODCAST_APNS_KEY',
      'PODCAST_APNS_KEY_ID',
      'PODCAST_APNS_TEAM_ID',
      'PODCAST_APNS_TOPIC',
    ] as const;
    const set = apns.filter((name) => env[name] !== undefined);
    if (set.length > 0 && set.length < apns.length) {
      const missing = apns.find((name) => env[name] === undefined) as string;
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'native push needs the key, key id, team id and topic',
      });
    }
  });

export type WorkerConfig = z.output<typeof WorkerEnv>;

export function loadWorkerConfig(
  env: Record<string, string | undefined> = process.env,
): WorkerConfig {
  return parseConfig(WorkerEnv, env);
}

/** The seam's origin: the development tenant may point at another outbox. */
export function seamUrlOf(config: WorkerConfig): string {
  return config.PODCAST_TENANT === 'development' && config.PODCAST_DEV_OUTBOX_URL
    ? config.PODCAST_DEV_OUTBOX_URL
    : config.PODCAST_APP_BASE_URL;
}

/** Where the relay events cursor survives restarts (one file per tenant). */
export function relayCursorFileOf(config: WorkerConfig): string {
  return (
    config.PODCAST_RELAY_CURSOR_FILE ??
    `.data/delivery-worker/relay-cursor-${config.PODCAST_TENANT}.json`
  );
}

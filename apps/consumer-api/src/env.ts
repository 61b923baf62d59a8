import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { checkModelEnv, ModelEnvShape, modelSettingsOf, z } from '@podcast/contracts';
import {
  CorpusIndexEnvShape,
  CorpusRegistryEnvShape,
  corpusIndexConfigOf,
  corpusRegistryConfigOf,
  OpenRouteLimitEnvShape,
  OutboundAllowedHosts,
  openRouteLimitOf,
  parseConfig,
} from '@podcast/runtime';

const optionalUrl = z.url().optional();

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) {
    return true;
  }
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) {
    return false;
  }
  const bits = family === 4 ? 32 : 128;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
}

/**
 * Which hops' X-Forwarded-For and X-Forwarded-Proto to believe (express's
 * `trust proxy`): a hop count, or the proxies' addresses, subnets and named
 * ranges. Unset believes none, so a client cannot choose the source address
 * the sign-in throttle counts under. `true` (every hop) is refused for the
 * same reason.
 */
const TrustProxy = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const text = value?.trim() ?? '';
    if (text === '' || text === 'off') {
      return false as const;
    }
    if (/^\d{1,2}$/.test(text)) {
      return Number(text) === 0 ? (false as const) : Number(text);
    }
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `"${bad}" is not a hop count, an address, a subnet or loopback/linklocal/uniquelocal`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** One origin as a browser sends it in `Origin`: scheme, host and port, nothing else. */
function originProblem(entry: string): string | undefined {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return 'is not an origin (scheme://host[:port])';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'must be http or https';
  }
  return url.origin === entry.replace(/\/$/, '') ? undefined : 'must be an origin only, no path';
}

/**
 * MCP_ALLOWED_ORIGINS: the browser origins, besides this server's own, whose
 * pages may call the MCP endpoint (the Streamable HTTP transport's Origin
 * check); comma-separated, empty by default.
 */
const AllowedOrigins = z
  .string()
  .default('')
  .transform((text, ctx) => {
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    for (const entry of entries) {
      const problem = originProblem(entry);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" ${problem}` });
        return z.NEVER;
      }
    }
    return entries.map((entry) => new URL(entry).origin);
  });

const ConsumerEnv = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8001),
    HOST: z.string().default('127.0.0.1'),
    CORPUS_DIR: z.string({ error: 'required: the shared corpus root' }).min(1),
    APP_ENV: z.enum(['development', 'production']).default('development'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL')
      .optional(),
    ...CorpusRegistryEnvShape,
    CORPUS_REFRESH_MS: z.coerce.number().int().min(100).default(2000),
    // The safety-net full rescan while the watcher runs (docs/decisions/corpus.md).
    CORPUS_RESCAN_MS: z.coerce.number().int().min(10_000).default(300_000),
    // Which store answers the catalog routes: the projection or the shared index.
    ...CorpusIndexEnvShape,
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 30),
    OAUTH_CLIENT_ID: z.string().optional(),
    OAUTH_CLIENT_SECRET: z.string().optional(),
    OAUTH_ISSUER: optionalUrl,
    OAUTH_AUTHORIZE_URL: optionalUrl,
    OAUTH_TOKEN_URL: optionalUrl,
    OAUTH_USERINFO_URL: optionalUrl,
    OAUTH_REDIRECT_URL: optionalUrl,
    OAUTH_SCOPES: z.string().default('openid email profile'),
    AUTH_ALLOWLIST: z.string().optional(),
    INTERNAL_OUTBOX_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    APP_VAPID_PUBLIC_KEY: z.string().optional(),
    ...ModelEnvShape,
    OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
    NOTIFICATION_SCHEDULER: z.enum(['on', 'off']).default('on'),
    // How often the in-process scheduler ticks; the default is hourly, shorter runs repeat the hour.
    NOTIFICATION_TICK_MS: z.coerce.number().int().min(1000).max(3_600_000).default(3_600_000),
    OUTBOUND_ALLOWED_HOSTS: OutboundAllowedHosts,
    TRUST_PROXY: TrustProxy,
    ...OpenRouteLimitEnvShape,
    PUBLIC_BASE_URL: z
      .url({ protocol: /^https?$/ })
      .refine((v) => new URL(v).origin === v.replace(/\/$/, ''), {
        message: 'must be an origin only: scheme, host and port, no path',
      })
      .optional(),
    MCP_ALLOWED_ORIGINS: AllowedOrigins,
  })
  .superRefine((env, ctx) => {
    checkModelEnv(env, ctx);
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    appEnv: env.APP_ENV,
    logLevel: env.LOG_LEVEL,
    corpusDir: resolve(env.CORPUS_DIR),
    refreshIntervalMs: env.CORPUS_REFRESH_MS,
    rescanIntervalMs: env.CORPUS_RESCAN_MS,
    ...corpusRegistryConfigOf(env),
    ...corpusIndexConfigOf(env),
    ...modelSettingsOf(env),
    // No DATABASE_URL: the embedded PGlite under DATA_DIR (the newcomer path).
    database: env.DATABASE_URL
      ? ({ url: env.DATABASE_URL } as const)
      : ({ pgliteDir: resolve(env.DATA_DIR, 'pglite') } as const),
    session: { secret: env.SESSION_SECRET, ttlHours: env.SESSION_TTL_HOURS },
    oauth: {
      clientId: env.OAUTH_CLIENT_ID,
      clientSecret: env.OAUTH_CLIENT_SECRET,
      issuer: env.OAUTH_ISSUER,
      authorizeUrl: env.OAUTH_AUTHORIZE_URL,
      tokenUrl: env.OAUTH_TOKEN_URL,
      userinfoUrl: env.OAUTH_USERINFO_URL,
      redirectUrl: env.OAUTH_REDIRECT_URL,
      scopes: env.OAUTH_SCOPES,
      allowlist: (env.AUTH_ALLOWLIST ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter((s) => s.length > 0),
    },
    internalOutboxToken: env.INTERNAL_OUTBOX_TOKEN,
    vapidPublicKey: env.APP_VAPID_PUBLIC_KEY,
    outboxLeaseSeconds: env.OUTBOX_LEASE_SECONDS,
    isSchedulerOn: env.NOTIFICATION_SCHEDULER === 'on',
    schedulerTickMs: env.NOTIFICATION_TICK_MS,
    outboundAllowedHosts: env.OUTBOUND_ALLOWED_HOSTS,
    // The MCP OAuth issuer and resource origin; unset: each request's own scheme and Host.
    publicBaseUrl: env.PUBLIC_BASE_URL && new URL(env.PUBLIC_BASE_URL).origin,
    // Browser origins besides the server's own that may call the MCP endpoint.
    mcpAllowedOrigins: env.MCP_ALLOWED_ORIGINS,
    // express's `trust proxy`: false, a hop count, or the proxies' addresses.
    trustProxy: env.TRUST_PROXY,
    openRouteLimitPerMinute: openRouteLimitOf(env),
  }));

export type ConsumerConfig = z.output<typeof ConsumerEnv>;

export function loadConsumerConfig(
  env: Record<string, string | undefined> = process.env,
): ConsumerConfig {
  return parseConfig(ConsumerEnv, env);
}

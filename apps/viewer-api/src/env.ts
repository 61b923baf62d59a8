import { resolve } from 'node:path';
import { checkModelEnv, ModelEnvShape, modelSettingsOf, RedisPrefix, z } from '@podcast/contracts';
import {
  CorpusIndexEnvShape,
  CorpusRegistryEnvShape,
  corpusIndexConfigOf,
  corpusIndexFolderOf,
  corpusRegistryConfigOf,
  OpenRouteLimitEnvShape,
  OutboundAllowedHosts,
  openRouteLimitOf,
  parseConfig,
} from '@podcast/runtime';

const ViewerEnv = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8000),
    HOST: z.string().default('127.0.0.1'),
    CORPUS_DIR: z.string({ error: 'required: the default corpus root' }).min(1),
    CORPUS_ROOTS: z.string().optional(),
    APP_ENV: z.enum(['development', 'production']).default('development'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    OPERATOR_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    REDIS_URL: z.url().optional(),
    REDIS_PREFIX: RedisPrefix,
    // The jobs_api flag: with REDIS_URL the jobs and enrichment routes are
    // mounted; false keeps them mounted but refusing (spec 03: 500 naming the jobs API).
    JOBS_API_ENABLED: z.enum(['true', 'false']).default('true'),
    CORPUS_REFRESH_MS: z.coerce.number().int().min(100).default(2000),
    // The safety-net full rescan while the watcher runs (docs/decisions/corpus.md).
    CORPUS_RESCAN_MS: z.coerce.number().int().min(10_000).default(300_000),
    PODCAST_AVAILABLE_PROFILES: z.string().optional(),
    ...CorpusRegistryEnvShape,
    // Which store answers the default root's episode routes: the projection or the shared index.
    ...CorpusIndexEnvShape,
    ...ModelEnvShape,
    // Hosts the chat model may be reached at although private (a model beside the server).
    OUTBOUND_ALLOWED_HOSTS: OutboundAllowedHosts,
    ...OpenRouteLimitEnvShape,
  })
  .superRefine((env, ctx) => {
    checkModelEnv(env, ctx);
  })
  .transform((env) => {
    const defaultRoot = resolve(env.CORPUS_DIR);
    const listed = (env.CORPUS_ROOTS ?? '').split(':').filter((p) => p.trim() !== '');
    return {
      port: env.PORT,
      host: env.HOST,
      appEnv: env.APP_ENV,
      logLevel: env.LOG_LEVEL,
      operatorToken: env.OPERATOR_TOKEN,
      redisUrl: env.REDIS_URL,
      redisPrefix: env.REDIS_PREFIX,
      jobsApiEnabled: env.JOBS_API_ENABLED === 'true',
      openRouteLimitPerMinute: openRouteLimitOf(env),
      refreshIntervalMs: env.CORPUS_REFRESH_MS,
      rescanIntervalMs: env.CORPUS_RESCAN_MS,
      ...corpusRegistryConfigOf(env),
      // The index of the default root, the one consumer-api opens on the same DATA_DIR.
      ...corpusIndexConfigOf(env),
      // The indexes of the other roots (CORPUS_ROOTS and the corpora inside them).
      corpusIndexFolder: corpusIndexFolderOf(resolve(env.DATA_DIR)),
      ...modelSettingsOf(env),
      outboundAllowedHosts: env.OUTBOUND_ALLOWED_HOSTS,
      // Comma list narrowing the packaged profile presets; unset offers them all.
      availableProfiles: env.PODCAST_AVAILABLE_PROFILES?.split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
      // CONVENTIONS: CORPUS_ROOTS defaults to CORPUS_DIR only; the default
      // root is always allowed so `path`-less calls keep working.
      corpusRoots: {
        defaultRoot,
        allowed: [...new Set([defaultRoot, ...listed.map((p) => resolve(p))])],
      },
    };
  });

export type ViewerConfig = z.output<typeof ViewerEnv>;

export function loadViewerConfig(
  env: Record<string, string | undefined> = process.env,
): ViewerConfig {
  return parseConfig(ViewerEnv, env);
}

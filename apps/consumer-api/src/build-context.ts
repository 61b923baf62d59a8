import { randomBytes } from 'node:crypto';
import { createAskService, rerankScorerOf, summarizerOf } from '@podcast/ask';
import {
  APP_PASSWORD_COST,
  type AuthOptions,
  createAuthRuntime,
  createClientMetadataDocuments,
  createRegistrationLimiter,
  createSyncSignIn,
  followSessionRevocations,
  HASHING_DEFAULTS,
  type ScryptCost,
} from '@podcast/auth';
import { LOGIN_FLOW_LIMITS, MCP_OAUTH_LIMITS, PODCAST_FEED_LIMITS } from '@podcast/contracts';
import {
  type CorpusRegistryOptions,
  createCorpusRegistry,
  createThumbnails,
  servingRegistryOptions,
} from '@podcast/corpus';
import {
  type CorpusIndexTiming,
  onIndexChange,
  openConfiguredCorpusIndex,
} from '@podcast/corpus-index';
import {
  createDatabase,
  type DatabaseHandle,
  databaseErrorFacts,
  migrateToLatest,
} from '@podcast/db';
import { createHotAnswers } from '@podcast/http-kit';
import {
  type AudioCheckSettings,
  createLogger,
  defaultAudioCheckSettings,
  type GuardedGetSettings,
  RateLimiter,
  strictAddressPolicy,
  systemResolveHost,
} from '@podcast/runtime';
import { createSearchService } from '@podcast/search';
import { createPlaybackWriter } from '@podcast/user-state';
import type { Logger } from 'pino';
import type { ConsumerCtx } from './context.js';
import type { ConsumerConfig } from './env.js';

/** What tests (or another host) may supply instead of what the config says. */
export interface ConsumerContextOverrides {
  logger?: Logger;
  now?: () => Date;
  /** An open, migrated database the caller owns (and closes); else the config's one is opened. */
  database?: Pick<DatabaseHandle, 'db' | 'listen'>;
  /** Corpus registry options over the server's (e.g. `watch: false` in tests). */
  corpus?: Partial<Omit<CorpusRegistryOptions, 'logger'>>;
  /** Corpus index timings over the defaults (e.g. a short rescan in tests), when there is an index. */
  corpusIndex?: CorpusIndexTiming;
  /** Outbound audio check settings over the strict defaults (tests allow 127.0.0.1). */
  audioCheck?: Partial<AudioCheckSettings>;
  /** Auth runtime options, e.g. a short provider timeout. */
  auth?: Partial<AuthOptions>;
  fetch?: typeof fetch;
  /** How client metadata documents are fetched, over the strict defaults (tests trust their own CA). */
  clientDocuments?: Partial<GuardedGetSettings>;
  /** The scrypt cost of app passwords; only tests lower it, as scrypt was most of their CPU. */
  appPasswordCost?: ScryptCost;
}

export interface BuiltConsumerContext {
  ctx: ConsumerCtx;
  /** Stops the corpus registry and revocation following, then closes a database it opened. */
  close(): Promise<void>;
}

async function openDatabase(
  config: ConsumerConfig,
  logger: Logger,
  given?: Pick<DatabaseHandle, 'db' | 'listen'>,
) {
  if (given !== undefined) {
    return { ...given, close: async () => {} };
  }
  const database = await createDatabase(config.database, logger);
  const applied = await migrateToLatest(database.db);
  logger.info({ database: database.kind, applied }, 'database ready');
  return database;
}

/** Per source address, on the context's clock (tests move it). */
function loginFlowLimitsOf(now: () => Date): ConsumerCtx['loginFlowLimits'] {
  const clock = () => now().getTime();
  return {
    starts: new RateLimiter({
      limit: LOGIN_FLOW_LIMITS.startsPerWindow,
      windowMs: LOGIN_FLOW_LIMITS.startWindowMs,
      now: clock,
    }),
    polls: new RateLimiter({
      limit: LOGIN_FLOW_LIMITS.pollsPerMinute,
      windowMs: 60_000,
      now: clock,
    }),
  };
}

/** Client ID metadata documents: public addresses (or OUTBOUND_ALLOWED_HOSTS), 5 kB, 3 s. */
function clientDocumentsOf(
  config: ConsumerConfig,
  now: () => Date,
  overrides: Partial<GuardedGetSettings> = {},
) {
  return createClientMetadataDocuments({
    now,
    fetch: {
      addressPolicy: strictAddressPolicy,
      allowedHosts: config.outboundAllowedHosts,
      resolveHost: systemResolveHost,
      timeoutMs: MCP_OAUTH_LIMITS.metadataDocumentTimeoutMs,
      maxBytes: MCP_OAUTH_LIMITS.metadataDocumentBytes,
      ...overrides,
    },
  });
}

/** The consumer context, built in one place for main.ts and the tests. */
export async function buildConsumerContext(
  config: ConsumerConfig,
  overrides: ConsumerContextOverrides = {},
): Promise<BuiltConsumerContext> {
  const logger =
    overrides.logger ??
    createLogger(config.logLevel, 'consumer-api', { errorFacts: databaseErrorFacts });
  const now = overrides.now ?? (() => new Date());
  const database = await openDatabase(config, logger, overrides.database);
  const hotAnswers = createHotAnswers({ logger });
  const corpus = createCorpusRegistry(
    servingRegistryOptions(logger, config, {
      // Answers asked often lately are made again for each new snapshot, before their next request.
      onPublished: () => {
        void hotAnswers.refresh();
      },
      ...overrides.corpus,
    }),
  );
  const corpusIndex = openConfiguredCorpusIndex(config, logger, overrides.corpusIndex);
  // Answers asked often lately are made again after each commit to the index, before their next request.
  const stopWatchingIndex =
    corpusIndex && onIndexChange(corpusIndex, () => void hotAnswers.refresh());
  const deps = {
    db: database.db,
    fetch: overrides.fetch ?? globalThis.fetch,
    now,
    random: randomBytes,
    logger,
  };
  const auth = createAuthRuntime(deps, config, overrides.auth);
  const stopFollowing = await followSessionRevocations(auth, database.listen);
  const search = createSearchService({
    embedding: config.embedding,
    cacheMb: config.searchCacheMb,
    now,
  });
  const ctx: ConsumerCtx = {
    config,
    corpus,
    ...(corpusIndex === undefined ? {} : { corpusIndex }),
    db: database.db,
    logger,
    now,
    audioCheck: defaultAudioCheckSettings({
      allowedHosts: config.outboundAllowedHosts,
      ...overrides.audioCheck,
    }),
    thumbnails: createThumbnails(logger),
    search,
    ask: createAskService({
      search,
      now,
      onLogError: (err) => logger.warn({ err }, 'query log append failed'),
      scorer: rerankScorerOf(config.askRerank, (reason) =>
        logger.warn({ reason }, 'answer rerank model unavailable'),
      ),
      summarize: summarizerOf(config.llm, config.outboundAllowedHosts, (reason) =>
        logger.warn({ reason }, 'answer summary skipped'),
      ),
    }),
    auth,
    playback: createPlaybackWriter(database.db),
    syncSignIn: createSyncSignIn({
      sessionSecret: config.session.secret,
      hashing: { ...HASHING_DEFAULTS, cost: overrides.appPasswordCost ?? APP_PASSWORD_COST },
      throttle: { now: () => now().getTime() },
    }),
    mcpRegistrations: createRegistrationLimiter(now),
    mcpClientDocuments: clientDocumentsOf(config, now, overrides.clientDocuments),
    loginFlowLimits: loginFlowLimitsOf(now),
    feedTokenRefusals: new RateLimiter({
      limit: PODCAST_FEED_LIMITS.tokenRefusalsPerMinute,
      windowMs: 60_000,
      now: () => now().getTime(),
    }),
    hotAnswers,
  };
  return {
    ctx,
    close: async () => {
      corpus.close();
      stopWatchingIndex?.();
      await corpusIndex?.close();
      await stopFollowing();
      await database.close();
    },
  };
}

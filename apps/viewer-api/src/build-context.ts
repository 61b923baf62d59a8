import {
  type CorpusRegistryOptions,
  createCorpusRegistry,
  readOperatorSettings,
  scheduledJobsBlockOf,
  servingRegistryOptions,
} from '@podcast/corpus';
import {
  type CorpusIndexTiming,
  createCorpusIndexPool,
  onIndexChange,
  openConfiguredCorpusIndex,
  openCorpusIndex,
} from '@podcast/corpus-index';
import {
  composeConfigSchema,
  EnricherRegistry,
  enrichmentBlockValidator,
  type SchemaError,
} from '@podcast/enrichment';
import { createHotAnswers } from '@podcast/http-kit';
import {
  JobQueues,
  JobRegistry,
  JobScheduler,
  type JobsService,
  producerConnection,
  watchForEmptyRedis,
} from '@podcast/jobs';
import { createLogger } from '@podcast/runtime';
import { createSearchService } from '@podcast/search';
import type { Logger } from 'pino';
import type { ViewerDeps } from './app.js';
import type { ViewerCtx } from './context.js';
import type { ViewerConfig } from './env.js';

/** What tests (or another host) may supply instead of what the config says. */
export interface ViewerContextOverrides {
  logger?: Logger;
  now?: () => Date;
  /** Corpus registry options over the server's (e.g. `watch: false` in tests). */
  corpus?: Partial<Omit<CorpusRegistryOptions, 'logger'>>;
  /** The corpus index's heartbeat, staleness and rescan pause over the defaults. */
  corpusIndex?: CorpusIndexTiming;
}

export interface BuiltViewerContext {
  /** The context less the capability flags, which buildViewerApp derives from the routes. */
  ctx: ViewerDeps;
  /** Stops the corpus registry and any running index builder (awaited on shutdown). */
  close(): Promise<void>;
}

/**
 * The viewer context, built in one place for main.ts and the tests. Synchronous:
 * nothing here waits (the corpus loads on first use, or when main.ts warms it).
 */
export function buildViewerContext(
  config: ViewerConfig,
  overrides: ViewerContextOverrides = {},
): BuiltViewerContext {
  const logger = overrides.logger ?? createLogger(config.logLevel, 'viewer-api');
  const hotAnswers = createHotAnswers({ logger });
  const corpus = createCorpusRegistry(
    servingRegistryOptions(logger, config, {
      // The configured roots are never evicted by open requests naming subfolders.
      pinned: config.corpusRoots.allowed,
      // Answers asked often lately are made again for each new snapshot, before their next request.
      onPublished: () => {
        void hotAnswers.refresh();
      },
      ...overrides.corpus,
    }),
  );
  const corpusIndex = openConfiguredCorpusIndex(
    { ...config, corpusDir: config.corpusRoots.defaultRoot },
    logger,
    overrides.corpusIndex,
  );
  // Other roots get SQLite indexes of their own under DATA_DIR, even with the shared one in PostgreSQL.
  const indexes = corpusIndex && {
    corpusIndex,
    corpusIndexes: createCorpusIndexPool({
      folder: config.corpusIndexFolder,
      open: (root, file) => {
        const index = openCorpusIndex({
          file,
          root,
          logger,
          firstBuildWaitMs: config.firstLoadWaitMs,
          ...overrides.corpusIndex,
        });
        // A commit to this root's index remakes its hot answers, as the shared index's does.
        const stopWatching = onIndexChange(index, () => void hotAnswers.refresh());
        return {
          ...index,
          close: () => {
            stopWatching();
            return index.close();
          },
        };
      },
    }),
  };
  // Answers asked often lately are made again after each commit to the index, before their next request.
  const stopWatchingIndex =
    corpusIndex && onIndexChange(corpusIndex, () => void hotAnswers.refresh());
  const now = overrides.now ?? (() => new Date());
  const search = createSearchService({
    embedding: config.embedding,
    cacheMb: config.searchCacheMb,
    now,
    onLogError: (err) => logger.warn({ err }, 'query log append failed'),
  });
  const jobs =
    config.redisUrl === undefined ? undefined : openJobs(config.redisUrl, config, logger, now);
  const ctx: ViewerDeps = {
    config,
    corpus,
    ...indexes,
    search,
    logger,
    now,
    hotAnswers,
    ...(jobs ? { jobs: jobs.service, onScheduledJobsChanged: jobs.reloadSchedules } : {}),
  };
  if (jobs !== undefined) {
    void loadSchedules(config, jobs.reloadSchedules, logger);
  }
  const close = async () => {
    corpus.close();
    stopWatchingIndex?.();
    await indexes?.corpusIndexes.close();
    await corpusIndex?.close();
    await search.close();
    await jobs?.close();
  };
  return { ctx, close };
}

/**
 * The enricher registry with its composed config schema and the validator
 * compiled from it, on first use (loading ajv is a cost a start that never
 * sees a config PUT need not pay).
 */
export function buildEnrichmentContext(): ViewerCtx['enrichment'] {
  const registry = new EnricherRegistry();
  const schema = composeConfigSchema(registry);
  let validator: ((block: unknown) => SchemaError[]) | undefined;
  return {
    registry,
    schema,
    validate: (block) => {
      validator ??= enrichmentBlockValidator(schema);
      return validator(block);
    },
  };
}

/** The producer side of the jobs: one Redis connection for the registry and the queues. */
function openJobs(redisUrl: string, config: ViewerConfig, logger: Logger, now: () => Date) {
  const settings = { redisUrl, prefix: config.redisPrefix };
  const redis = producerConnection(settings);
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis connection error'));
  const queues = new JobQueues(settings, redis);
  const service: JobsService = {
    registry: new JobRegistry({ redis, prefix: settings.prefix, now }),
    queues,
    logger,
    now,
  };
  const scheduler = new JobScheduler(settings, redis, service, logger);
  scheduler.start();
  const reloadSchedules = async ({ root, jobs }: { root: string; jobs: unknown }) => {
    await scheduler.reload(root, jobs, now());
  };
  // A Redis back without its data lost the open jobs and the schedulers; no operator is needed.
  const emptyRedis = watchForEmptyRedis({
    jobs: service,
    redis,
    prefix: settings.prefix,
    roots: config.corpusRoots.allowed,
    reloadSchedules: (root) => loadSchedulesOf(root, reloadSchedules),
  });
  return {
    service,
    reloadSchedules,
    close: async () => {
      await emptyRedis.close();
      await scheduler.close();
      await queues.close();
      redis.disconnect();
    },
  };
}

/** The schedules of every configured root, read once at start; a bad file only logs. */
async function loadSchedules(
  config: ViewerConfig,
  reload: (change: { root: string; jobs: unknown }) => Promise<void>,
  logger: Logger,
): Promise<void> {
  for (const root of config.corpusRoots.allowed) {
    try {
      await loadSchedulesOf(root, reload);
    } catch (err) {
      logger.warn({ err, root }, 'could not load the scheduled jobs of this corpus');
    }
  }
}

/** The schedules of one root, as its operator file has them now. */
async function loadSchedulesOf(
  root: string,
  reload: (change: { root: string; jobs: unknown }) => Promise<void>,
): Promise<void> {
  const { content } = await readOperatorSettings(root);
  await reload({ root, jobs: scheduledJobsBlockOf(content) });
}

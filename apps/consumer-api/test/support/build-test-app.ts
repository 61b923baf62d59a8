import { afterAll, beforeAll } from '@jest/globals';
import type { AuthOptions, ScryptCost } from '@podcast/auth';
import type { CorpusRegistryOptions, CorpusSnapshot } from '@podcast/corpus';
import { migrateDatabaseAt } from '@podcast/db';
import type { AudioCheckSettings, GuardedGetSettings } from '@podcast/runtime';
import { createScratch, createTestDatabase, SAMPLE_CORPUS_DIR } from '@podcast/testing';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { buildConsumerApp } from '../../src/app.js';
import { buildConsumerContext, type ConsumerContextOverrides } from '../../src/build-context.js';
import type { ConsumerCtx } from '../../src/context.js';
import { loadConsumerConfig } from '../../src/env.js';

export interface TestAppOverrides {
  /** Default development (no login needed). */
  appEnv?: 'development' | 'production';
  /** Extra environment variables, applied last (CORPUS_DIR here replaces the sample). */
  env?: Record<string, string>;
  /** Auth runtime options, e.g. a short provider timeout. */
  auth?: Partial<AuthOptions>;
  /** Outbound audio check settings over the strict defaults (tests allow 127.0.0.1). */
  audioCheck?: Partial<AudioCheckSettings>;
  /** How client metadata documents are fetched, over the strict defaults (a test's own CA). */
  clientDocuments?: Partial<GuardedGetSettings>;
  /** A logger of the test's own (e.g. one writing to a sink the test reads); silent by default. */
  logger?: Logger;
  /** The clock of the whole context (routes and auth); the real one by default. */
  now?: () => Date;
  /** Registry options over the test defaults (no watchers, no background refresh). */
  corpus?: Partial<CorpusRegistryOptions>;
  /** Corpus index timings (CORPUS_INDEX=sqlite or CORPUS_INDEX_URL), e.g. a short heartbeat. */
  corpusIndex?: ConsumerContextOverrides['corpusIndex'];
  /** The scrypt cost of app passwords: TEST_APP_PASSWORD_COST unless a test asks for the real one. */
  appPasswordCost?: ScryptCost;
}

/**
 * A cost 32 times below the product's: the sign-in suites hash hundreds of
 * passwords, and at the real cost scrypt was most of their CPU. What they
 * check (counts of hashes, throttles, matches) does not depend on the cost.
 */
export const TEST_APP_PASSWORD_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

export interface TestApp {
  app: Express;
  ctx: ConsumerCtx;
  /**
   * After a test changed corpus files: a new snapshot of the corpus and the
   * corpus index's ingest, as the watchers would do a moment later.
   */
  refresh(): Promise<void>;
  /** Stops the context (corpus registry, revocation following, pool) and drops the database. */
  close(): Promise<void>;
}

/**
 * The consumer API over the sample corpus and a fresh PostgreSQL database,
 * its context built by buildConsumerContext as main.ts builds it (the
 * builder migrates the database): one per test file, closed in afterAll.
 */
export async function buildTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  // Migrated once per run and copied: the builder's own migration then finds nothing to do.
  const database = await createTestDatabase(undefined, {
    template: { name: 'migrated', prepare: migrateDatabaseAt },
  });
  // The app's own DATA_DIR (its corpus index) unless the test names one.
  const data = overrides.env?.DATA_DIR === undefined ? createScratch('consumer-data') : undefined;
  const config = loadConsumerConfig({
    CORPUS_DIR: SAMPLE_CORPUS_DIR,
    ...(data === undefined ? {} : { DATA_DIR: data.dir }),
    APP_ENV: overrides.appEnv ?? 'development',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    // No persisted projection unless a test names a folder for it.
    CORPUS_CACHE_DIR: 'off',
    // Requests wait for the first load (a loaded CI machine can take seconds).
    CORPUS_LOAD_WAIT_MS: '0',
    ...overrides.env,
  });
  const built = await buildConsumerContext(config, {
    // No watchers and no background refresh: tests refresh when they change files.
    corpus: { watch: false, refreshIntervalMs: 60_000, serveStale: false, ...overrides.corpus },
    ...(overrides.logger ? { logger: overrides.logger } : {}),
    ...(overrides.corpusIndex ? { corpusIndex: overrides.corpusIndex } : {}),
    ...(overrides.now ? { now: overrides.now } : {}),
    ...(overrides.auth ? { auth: overrides.auth } : {}),
    ...(overrides.audioCheck ? { audioCheck: overrides.audioCheck } : {}),
    ...(overrides.clientDocuments ? { clientDocuments: overrides.clientDocuments } : {}),
    appPasswordCost: overrides.appPasswordCost ?? TEST_APP_PASSWORD_COST,
  }).catch(async (error: unknown) => {
    await database.close();
    data?.remove();
    throw error;
  });
  return {
    app: buildConsumerApp(built.ctx),
    ctx: built.ctx,
    refresh: async () => {
      await built.ctx.corpus.refresh(built.ctx.config.corpusDir);
      await built.ctx.corpusIndex?.ingestNow();
    },
    close: async () => {
      await built.close();
      await database.close();
      data?.remove();
    },
  };
}

/**
 * The app as production runs it (a session needed past the open routes), its
 * sessions signed with `sessionSecret`; `overrides.env` is applied over that.
 */
export function buildProductionTestApp(
  sessionSecret: string,
  overrides: Omit<TestAppOverrides, 'appEnv'> = {},
): Promise<TestApp> {
  return buildTestApp({
    ...overrides,
    appEnv: 'production',
    env: { SESSION_SECRET: sessionSecret, ...overrides.env },
  });
}

/** The corpus snapshot the app serves: its configured corpus, loaded. */
export function servedSnapshot(testApp: TestApp): Promise<CorpusSnapshot> {
  return testApp.ctx.corpus.get(testApp.ctx.config.corpusDir);
}

/** A test file's app over the sample corpus, with the snapshot it serves. */
export interface SampleApp {
  testApp: TestApp;
  snapshot: CorpusSnapshot;
}

/**
 * One development app over the sample corpus for the whole test file: built
 * and its snapshot loaded in beforeAll, closed in afterAll. The fields are
 * set once beforeAll has run, so read them inside tests only.
 */
export function useSampleApp(): SampleApp {
  const sample = {} as SampleApp;
  beforeAll(async () => {
    sample.testApp = await buildTestApp();
    sample.snapshot = await servedSnapshot(sample.testApp);
  }, 30_000);
  afterAll(() => sample.testApp.close());
  return sample;
}

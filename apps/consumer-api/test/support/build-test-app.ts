import { resolve } from 'node:path';
import { createCorpusRegistry } from '@podcast/corpus';
import { createTestDatabase } from '@podcast/db';
import type { Express } from 'express';
import { pino } from 'pino';
import { buildConsumerApp } from '../../src/app.js';
import { type AuthOptions, configureAuth } from '../../src/auth/auth-runtime.js';
import { createSessionCache, followRevocations } from '../../src/auth/session-cache.js';
import type { ConsumerCtx } from '../../src/context.js';
import { loadConsumerConfig } from '../../src/env.js';

/** The sample corpus shipped in the repository (corpus/sample). */
export const SAMPLE_CORPUS_DIR = resolve(import.meta.dirname, '../../../../corpus/sample');

export interface TestAppOverrides {
  /** Default development (no login needed). */
  appEnv?: 'development' | 'production';
  /** Extra environment variables, applied last (CORPUS_DIR here replaces the sample). */
  env?: Record<string, string>;
  /** Auth runtime options, e.g. a short provider timeout. */
  auth?: Partial<AuthOptions>;
}

export interface TestApp {
  app: Express;
  ctx: ConsumerCtx;
  /** Drops the test database and stops the corpus registry. */
  close(): Promise<void>;
}

/**
 * The consumer API over the sample corpus and a fresh PostgreSQL database
 * (createTestDatabase): one per test file, closed in afterAll.
 */
export async function buildTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConsumerConfig({
    CORPUS_DIR: SAMPLE_CORPUS_DIR,
    APP_ENV: overrides.appEnv ?? 'development',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    ...overrides.env,
  });
  const logger = pino({ level: config.logLevel });
  const corpus = createCorpusRegistry({ logger, watch: false, refreshIntervalMs: 60_000 });
  const sessions = createSessionCache();
  const stopFollowing = await followRevocations(database.listen, sessions, logger);
  const ctx: ConsumerCtx = {
    config,
    corpus,
    db: database.db,
    logger,
    now: () => new Date(),
    sessions,
  };
  if (overrides.auth) {
    configureAuth(ctx, overrides.auth);
  }
  return {
    app: buildConsumerApp(ctx),
    ctx,
    close: async () => {
      corpus.close();
      await stopFollowing();
      await database.close();
    },
  };
}

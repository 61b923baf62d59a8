import { createCorpusRegistry } from '@podcast/corpus';
import { createDatabase, migrateToLatest } from '@podcast/db';
import { createLogger, runMain, serve } from '@podcast/http-kit';
import { buildConsumerApp } from './app.js';
import { createSessionCache, followRevocations } from './auth/session-cache.js';
import { loadConsumerConfig } from './env.js';

runMain(async () => {
  const config = loadConsumerConfig();
  const logger = createLogger(config.logLevel, 'consumer-api');
  const database = await createDatabase(config.database, logger);
  const applied = await migrateToLatest(database.db);
  logger.info({ database: database.kind, applied }, 'database ready');
  const corpus = createCorpusRegistry({
    logger,
    refreshIntervalMs: config.refreshIntervalMs,
    serveStale: true,
  });
  void corpus.get(config.corpusDir).catch((err: unknown) => {
    logger.error({ err }, 'corpus failed to load');
  });
  const sessions = createSessionCache();
  const stopFollowing = await followRevocations(database.listen, sessions, logger);
  const app = buildConsumerApp({
    config,
    corpus,
    db: database.db,
    logger,
    now: () => new Date(),
    sessions,
  });
  await serve(app, {
    port: config.port,
    host: config.host,
    logger,
    onShutdown: [() => corpus.close(), stopFollowing, () => database.close()],
  });
});

import { createCorpusRegistry } from '@podcast/corpus';
import { createLogger, runMain, serve } from '@podcast/http-kit';
import { buildConsumerApp } from './app.js';
import { loadConsumerConfig } from './env.js';

runMain(async () => {
  const config = loadConsumerConfig();
  const logger = createLogger(config.logLevel, 'consumer-api');
  const corpus = createCorpusRegistry({ logger, refreshIntervalMs: config.refreshIntervalMs });
  void corpus.get(config.corpusDir).catch((err: unknown) => {
    logger.error({ err }, 'corpus failed to load');
  });
  const app = buildConsumerApp({ config, corpus, logger, now: () => new Date() });
  await serve(app, {
    port: config.port,
    host: config.host,
    logger,
    onShutdown: [() => corpus.close()],
  });
});

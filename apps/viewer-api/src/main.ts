import { createCorpusRegistry } from '@podcast/corpus';
import { createLogger, runMain, serve } from '@podcast/http-kit';
import { buildViewerApp } from './app.js';
import { loadViewerConfig } from './env.js';

runMain(async () => {
  const config = loadViewerConfig();
  const logger = createLogger(config.logLevel, 'viewer-api');
  const corpus = createCorpusRegistry({
    logger,
    refreshIntervalMs: config.refreshIntervalMs,
    serveStale: true,
  });
  // Warm the default corpus so the first request does not pay the load.
  void corpus.get(config.corpusRoots.defaultRoot).catch((err: unknown) => {
    logger.error({ err }, 'default corpus failed to load');
  });
  const app = buildViewerApp({ config, corpus, logger, now: () => new Date() });
  await serve(app, {
    port: config.port,
    host: config.host,
    logger,
    onShutdown: [() => corpus.close()],
  });
});

import { serve } from '@podcast/http-kit';
import { runMain } from '@podcast/runtime';
import { buildViewerApp } from './app.js';
import { buildViewerContext } from './build-context.js';
import { loadViewerConfig } from './env.js';

runMain(async () => {
  const config = loadViewerConfig();
  const { ctx, close } = buildViewerContext(config);
  // Warm the projection so the first request does not pay the load, unless the index serves.
  if (ctx.corpusIndex === undefined) {
    void ctx.corpus.warm(config.corpusRoots.defaultRoot).catch((err: unknown) => {
      ctx.logger.error({ err }, 'default corpus failed to load');
    });
  }
  await serve(buildViewerApp(ctx), {
    port: config.port,
    host: config.host,
    logger: ctx.logger,
    onShutdown: [close],
  });
});

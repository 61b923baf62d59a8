import { serve } from '@podcast/http-kit';
import { startHourlyScheduler } from '@podcast/notifications';
import { runMain } from '@podcast/runtime';
import { buildConsumerApp } from './app.js';
import { buildConsumerContext } from './build-context.js';
import { loadConsumerConfig } from './env.js';
import { schedulerContentOf } from './scheduler-content.js';

runMain(async () => {
  const config = loadConsumerConfig();
  const { ctx, close } = await buildConsumerContext(config);
  // Warm the projection so the first request does not pay the load, unless the index serves.
  if (ctx.corpusIndex === undefined) {
    void ctx.corpus.warm(config.corpusDir).catch((err: unknown) => {
      ctx.logger.error({ err }, 'corpus failed to load');
    });
  }
  const stopScheduler = config.isSchedulerOn
    ? startHourlyScheduler(
        {
          db: ctx.db,
          content: schedulerContentOf(ctx.corpus, config.corpusDir, ctx.corpusIndex),
          logger: ctx.logger,
          now: ctx.now,
        },
        config.schedulerTickMs,
      )
    : () => undefined;
  await serve(buildConsumerApp(ctx), {
    port: config.port,
    host: config.host,
    logger: ctx.logger,
    onShutdown: [stopScheduler, close],
  });
});

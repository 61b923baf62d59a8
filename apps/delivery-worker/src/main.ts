import { createLogger, runMain } from '@podcast/runtime';
import { startWorker } from './build-worker.js';
import { loadWorkerConfig } from './env.js';

// One process per tenant (PODCAST_TENANT). SIGTERM stops pulling, lets the
// sends in flight finish and report, then exits.
runMain(async () => {
  const config = loadWorkerConfig();
  const logger = createLogger(config.LOG_LEVEL, `delivery-worker:${config.PODCAST_TENANT}`);
  const worker = await startWorker(config, logger);
  return worker.stop;
});

import { createLogger, runMain } from '@podcast/runtime';
import { loadWorkerConfig } from './env.js';

// The delivery loops (email, push, relay events) arrive with the
// notification-delivery issue; until then the worker validates its
// configuration and says so, rather than pretending to deliver.
runMain(async () => {
  const config = loadWorkerConfig();
  const logger = createLogger(config.LOG_LEVEL, 'delivery-worker');
  logger.warn({ tenant: config.PODCAST_TENANT }, 'delivery loops are not implemented yet; exiting');
});

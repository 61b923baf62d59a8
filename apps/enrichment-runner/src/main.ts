import { createLogger, runMain } from '@podcast/runtime';
import { loadRunnerConfig } from './env.js';

// The BullMQ consumer and the `enrich` command arrive with the enrichment
// issue; until then the runner validates its configuration and says so.
runMain(async () => {
  const config = loadRunnerConfig();
  const logger = createLogger(config.LOG_LEVEL, 'enrichment-runner');
  logger.warn({ corpus: config.CORPUS_DIR }, 'enrichment consumer is not implemented yet; exiting');
});

import { createLogger, runMain } from '@podcast/runtime';
import { loadRunnerConfig } from './env.js';
import { startRunner } from './jobs/start-runner.js';

// SIGTERM: take no new job, end the running ones (their subprocesses get
// SIGTERM, then SIGKILL after 10 s) as failed, then exit.
runMain(
  async () => {
    const config = loadRunnerConfig();
    const logger = createLogger(config.LOG_LEVEL, 'enrichment-runner');
    const runner = await startRunner(config, logger);
    return runner.stop;
  },
  { graceMs: 30_000 },
);

import { z } from '@podcast/contracts';
import { parseConfig } from '@podcast/runtime';

const RunnerEnv = z.object({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.url({ error: 'required: Redis for the enrichment queue' }),
  CORPUS_DIR: z.string({ error: 'required: the corpus root' }).min(1),
});

export type RunnerConfig = z.output<typeof RunnerEnv>;

export function loadRunnerConfig(
  env: Record<string, string | undefined> = process.env,
): RunnerConfig {
  return parseConfig(RunnerEnv, env);
}

import { RedisPrefix, z } from '@podcast/contracts';
import { parseCommandLine } from '@podcast/jobs';
import { parseConfig } from '@podcast/runtime';

const CommandLine = z.string().transform((text, ctx) => {
  try {
    return parseCommandLine(text);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message });
    return z.NEVER;
  }
});

const RunnerEnv = z.object({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.url({ error: 'required: Redis for the job queues' }),
  REDIS_PREFIX: RedisPrefix,
  CORPUS_DIR: z.string({ error: 'required: the corpus root' }).min(1),
  // Unset: pipeline jobs fail with a detail naming this variable.
  PIPELINE_COMMAND: CommandLine.optional(),
  RUNNER_PIPELINE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  RUNNER_ENRICHMENT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  // How long a running job's lease lasts unless renewed (renewed every third of it).
  RUNNER_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
});

export type RunnerConfig = z.output<typeof RunnerEnv>;

export function loadRunnerConfig(
  env: Record<string, string | undefined> = process.env,
): RunnerConfig {
  return parseConfig(RunnerEnv, env);
}

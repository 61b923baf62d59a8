import { z } from '@podcast/contracts';
import { OutboundAllowedHosts, parseConfig } from '@podcast/runtime';

const WorkerEnv = z.object({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PODCAST_INTERNAL_OUTBOX_TOKEN: z.string({ error: 'required: the outbox seam token' }).min(16),
  PODCAST_APP_BASE_URL: z.url({ error: 'required: the consumer-api base URL' }),
  PODCAST_DEV_OUTBOX_URL: z.url().optional(),
  PODCAST_TENANT: z.enum(['production', 'development']).default('development'),
  // Push endpoints will be vetted per hop like audio URLs; parsed now so a bad value stops start-up.
  OUTBOUND_ALLOWED_HOSTS: OutboundAllowedHosts,
});

export type WorkerConfig = z.output<typeof WorkerEnv>;

export function loadWorkerConfig(
  env: Record<string, string | undefined> = process.env,
): WorkerConfig {
  return parseConfig(WorkerEnv, env);
}

import type { ScheduledJob } from '@podcast/contracts';
import type { CorpusRegistry } from '@podcast/corpus';
import { createRouteDefiner } from '@podcast/http-kit';
import type { Logger } from 'pino';
import type { ViewerConfig } from './env.js';
import type { CapabilityFlags } from './routes/capabilities.js';

/** Everything a viewer route may touch, built once in main.ts. */
export interface ViewerCtx {
  config: ViewerConfig;
  corpus: CorpusRegistry;
  logger: Logger;
  now: () => Date;
  /**
   * Called after a PUT of the operator file changed its scheduled_jobs block,
   * so the in-process scheduler can reload (spec 01).
   */
  onScheduledJobsChanged?: (change: { root: string; jobs: ScheduledJob[] }) => void | Promise<void>;
  /** Derived from the mounted routes when the app is built. */
  capabilities: CapabilityFlags;
}

export const defineRoute = createRouteDefiner<ViewerCtx>();

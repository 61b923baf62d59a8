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
  /** Derived from the mounted routes when the app is built. */
  capabilities: CapabilityFlags;
}

export const defineRoute = createRouteDefiner<ViewerCtx>();

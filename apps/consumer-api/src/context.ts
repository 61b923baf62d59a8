import type { CorpusRegistry } from '@podcast/corpus';
import { createRouteDefiner } from '@podcast/http-kit';
import type { Logger } from 'pino';
import type { ConsumerConfig } from './env.js';

/** Everything a consumer route may touch, built once in main.ts. */
export interface ConsumerCtx {
  config: ConsumerConfig;
  corpus: CorpusRegistry;
  logger: Logger;
  now: () => Date;
}

export const defineRoute = createRouteDefiner<ConsumerCtx>();

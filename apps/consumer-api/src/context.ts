import type { CorpusRegistry } from '@podcast/corpus';
import type { Database } from '@podcast/db';
import { createRouteDefiner } from '@podcast/http-kit';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ConsumerConfig } from './env.js';

/** Everything a consumer route may touch, built once in main.ts. */
export interface ConsumerCtx {
  config: ConsumerConfig;
  corpus: CorpusRegistry;
  db: Kysely<Database>;
  logger: Logger;
  now: () => Date;
}

export const defineRoute = createRouteDefiner<ConsumerCtx>();

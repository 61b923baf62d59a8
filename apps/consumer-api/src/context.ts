import type { CorpusRegistry } from '@podcast/corpus';
import type { Database } from '@podcast/db';
import { createRouteDefiner } from '@podcast/http-kit';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { SessionCache } from './auth/session-cache.js';
import type { ConsumerConfig } from './env.js';

/** Everything a consumer route may touch, built once in main.ts. */
export interface ConsumerCtx {
  config: ConsumerConfig;
  corpus: CorpusRegistry;
  db: Kysely<Database>;
  logger: Logger;
  now: () => Date;
  /** Active sessions already looked up, kept in step with revocations (auth/session-cache.ts). */
  sessions: SessionCache;
}

export const defineRoute = createRouteDefiner<ConsumerCtx>();

import type { Database } from '@podcast/db';
import type { Kysely } from 'kysely';
import type { RandomBytes } from './secrets.js';

/** What the MCP OAuth server's functions take: the database, the clock, and randomness. */
export interface McpOAuthDeps {
  db: Kysely<Database>;
  now: () => Date;
  random?: RandomBytes;
}

import type { Database } from '@podcast/db';
import type { Kysely } from 'kysely';
import type { ClientMetadataDocuments } from './client-metadata-documents.js';
import type { RandomBytes } from './secrets.js';

/** What the MCP OAuth server's functions take: the database, the clock, and randomness. */
export interface McpOAuthDeps {
  db: Kysely<Database>;
  now: () => Date;
  random?: RandomBytes;
  /** Where clients named by an https URL are read from; without it such clients are unknown. */
  clientDocuments?: ClientMetadataDocuments;
}

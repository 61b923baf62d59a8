import type { Kysely } from 'kysely';
import { columnTypesOf } from '../dialect.js';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.

/**
 * Each shown insight's entry of its episode's insight sentiment sidecar,
 * read at ingest (the sidecar is a tracked file of its episode), so the
 * graph answers read no sidecar per request; both null when it has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema.alterTable('graph_insights').addColumn('sentiment_compound', t.float).execute();
  await db.schema.alterTable('graph_insights').addColumn('sentiment_label', t.text).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('graph_insights').dropColumn('sentiment_label').execute();
  await db.schema.alterTable('graph_insights').dropColumn('sentiment_compound').execute();
}

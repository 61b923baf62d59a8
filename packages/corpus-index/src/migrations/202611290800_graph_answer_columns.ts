import type { Kysely } from 'kysely';
import { columnTypesOf } from '../dialect.js';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.

/**
 * What the whole-topic graph answers read besides the insights: each shown
 * insight's entry of its episode's insight sentiment sidecar, read at
 * ingest (the sidecar is a tracked file of its episode; both null when it
 * has none), and the record fields a timeline episode shows, so that no
 * sidecar and no whole record is read per request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema.alterTable('graph_insights').addColumn('sentiment_compound', t.float).execute();
  await db.schema.alterTable('graph_insights').addColumn('sentiment_label', t.text).execute();
  // The tables are empty here (an index of another version is rebuilt); SQLite adds a
  // NOT NULL column only with a default.
  await db.schema
    .alterTable('graph_episodes')
    .addColumn('card', t.text, (col) => col.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('graph_episodes').dropColumn('card').execute();
  await db.schema.alterTable('graph_insights').dropColumn('sentiment_label').execute();
  await db.schema.alterTable('graph_insights').dropColumn('sentiment_compound').execute();
}

import type { Kysely } from 'kysely';
import { columnTypesOf } from '../dialect.js';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.

/**
 * The conversation arc's running counts: a topic's insights per type,
 * graph date and sentiment label, with their compounds' sum in
 * ten-thousandths, kept by the writer as `graph_topic_counts` is, so an arc
 * reads a row per day of its topic instead of every insight. An undated
 * insight has date '' and one without sentiment label '' (key columns are
 * not null on PostgreSQL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema
    .createTable('graph_topic_arc_counts')
    .addColumn('topic_id', t.text, (col) => col.notNull())
    .addColumn('type_key', t.text, (col) => col.notNull())
    .addColumn('date', t.text, (col) => col.notNull())
    .addColumn('label', t.text, (col) => col.notNull())
    .addColumn('insights', t.integer, (col) => col.notNull())
    .addColumn('compound_units', t.integer, (col) => col.notNull())
    .addPrimaryKeyConstraint('graph_topic_arc_counts_pk', ['topic_id', 'date', 'label', 'type_key'])
    .execute();
  // Covering: an arc reads its topic's rows in group order without visiting the table.
  await db.schema
    .createIndex('graph_topic_arc_counts_read')
    .on('graph_topic_arc_counts')
    .columns(['topic_id', 'date', 'label', 'type_key', 'insights', 'compound_units'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('graph_topic_arc_counts_read').execute();
  await db.schema.dropTable('graph_topic_arc_counts').execute();
}

import type { Kysely } from 'kysely';
import { columnTypesOf } from '../dialect.js';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.

/**
 * Ask's term weights as running counts: for each stem, how many insight and
 * quote texts of the GI graphs hold it, kept by the writer as the topic
 * counts are, so an answer reads its question's stems instead of every
 * text being counted again after each commit. The row of the empty term
 * (no stem is empty) holds the number of texts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema
    .createTable('term_counts')
    .addColumn('term', t.text, (col) => col.notNull())
    .addColumn('documents', t.integer, (col) => col.notNull())
    .addPrimaryKeyConstraint('term_counts_pk', ['term'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('term_counts').execute();
}

import type { Kysely } from 'kysely';
import { columnTypesOf } from '../dialect.js';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.

/**
 * A person's insights in the structural order from one index range: each
 * insight-speaker row carries its episode's catalog keys, so a person's
 * brief reads their newest insights a page at a time, without a join to
 * every episode and a sort of all they said. The index still serves every
 * read by person the old one did (it holds the episode and the rank).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  // The table is empty here (an index of another version is rebuilt); SQLite adds a
  // NOT NULL column only with a default.
  await db.schema
    .alterTable('graph_insight_speakers')
    .addColumn('sort_date', t.text, (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('graph_insight_speakers')
    .addColumn('metadata_relpath', t.text, (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.dropIndex('graph_insight_speakers_person').execute();
  await db.schema
    .createIndex('graph_insight_speakers_order')
    .on('graph_insight_speakers')
    .columns(['person_id', 'sort_date desc', 'metadata_relpath', 'rank', 'episode'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('graph_insight_speakers_order').execute();
  await db.schema
    .createIndex('graph_insight_speakers_person')
    .on('graph_insight_speakers')
    .columns(['person_id', 'episode', 'rank'])
    .execute();
  for (const column of ['metadata_relpath', 'sort_date']) {
    await db.schema.alterTable('graph_insight_speakers').dropColumn(column).execute();
  }
}

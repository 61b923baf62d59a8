import type { Kysely } from 'kysely';
import { columnTypesOf } from '../dialect.js';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.

/**
 * What a topic's perspectives group by and read, on the rows they read:
 * each speaker-topic and insight-topic row carries its episode's catalog
 * keys, its insight's sentiment (label, and compound in ten-thousandths)
 * and, on insight-topic rows, the show. A covering index per scope then
 * lists a topic's rows per group in the structural order, so a group's
 * counts and its first insights are read without a join or a sort.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  // The tables are empty here (an index of another version is rebuilt); SQLite adds a
  // NOT NULL column only with a default.
  for (const table of ['graph_speaker_topics', 'graph_insight_topics']) {
    await db.schema
      .alterTable(table)
      .addColumn('sort_date', t.text, (col) => col.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('metadata_relpath', t.text, (col) => col.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable(table).addColumn('sentiment_label', t.text).execute();
    await db.schema.alterTable(table).addColumn('compound_units', t.integer).execute();
  }
  await db.schema
    .alterTable('graph_insight_topics')
    .addColumn('feed_id', t.text, (col) => col.notNull().defaultTo(''))
    .execute();
  const read = ['sort_date desc', 'metadata_relpath', 'rank', 'sentiment_label', 'compound_units'];
  await db.schema
    .createIndex('graph_speaker_topics_perspective')
    .on('graph_speaker_topics')
    .columns(['topic_id', 'person_id', ...read, 'episode'])
    .execute();
  await db.schema
    .createIndex('graph_insight_topics_perspective')
    .on('graph_insight_topics')
    .columns(['topic_id', 'feed_id', ...read, 'episode'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('graph_insight_topics_perspective').execute();
  await db.schema.dropIndex('graph_speaker_topics_perspective').execute();
  await db.schema.alterTable('graph_insight_topics').dropColumn('feed_id').execute();
  for (const table of ['graph_insight_topics', 'graph_speaker_topics']) {
    for (const column of ['compound_units', 'sentiment_label', 'metadata_relpath', 'sort_date']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}

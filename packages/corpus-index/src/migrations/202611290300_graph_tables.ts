import type { Kysely } from 'kysely';
import { columnTypesOf } from '../dialect.js';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.

/**
 * What the graph-query routes read: each graph-eligible episode and its
 * shown insights with their CIL fields, their canonical topics, its speakers crossed
 * with its topics, and the labels and aliases each episode gives, ordered by
 * the catalog keys they carry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  const episode = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('episode', t.integer, (col) =>
        col.notNull().references('episodes.id').onDelete('cascade'),
      );
  const catalogOrder = ['sort_date desc', 'metadata_relpath'];
  await db.schema
    .createTable('graph_episodes')
    .addColumn('episode', t.integer, (col) =>
      col.primaryKey().references('episodes.id').onDelete('cascade'),
    )
    .addColumn('sort_date', t.text, (col) => col.notNull())
    .addColumn('metadata_relpath', t.text, (col) => col.notNull())
    .addColumn('stem', t.text, (col) => col.notNull())
    .addColumn('date', t.text)
    .addColumn('fields', t.text, (col) => col.notNull())
    .execute();
  await episode('graph_insights')
    .addColumn('rank', t.integer, (col) => col.notNull())
    .addColumn('insight_id', t.text, (col) => col.notNull())
    .addColumn('type_key', t.text, (col) => col.notNull())
    .addColumn('item', t.text, (col) => col.notNull())
    .addPrimaryKeyConstraint('graph_insights_pk', ['episode', 'rank'])
    .execute();
  await episode('graph_insight_topics')
    .addColumn('rank', t.integer, (col) => col.notNull())
    .addColumn('topic_id', t.text, (col) => col.notNull())
    .addPrimaryKeyConstraint('graph_insight_topics_pk', ['episode', 'rank', 'topic_id'])
    .execute();
  await db.schema
    .createIndex('graph_insight_topics_topic')
    .on('graph_insight_topics')
    .columns(['topic_id', 'episode', 'rank'])
    .execute();
  await episode('graph_insight_speakers')
    .addColumn('rank', t.integer, (col) => col.notNull())
    .addColumn('person_id', t.text, (col) => col.notNull())
    .addPrimaryKeyConstraint('graph_insight_speakers_pk', ['episode', 'rank', 'person_id'])
    .execute();
  await db.schema
    .createIndex('graph_insight_speakers_person')
    .on('graph_insight_speakers')
    .columns(['person_id', 'episode', 'rank'])
    .execute();
  await episode('graph_speaker_topics')
    .addColumn('rank', t.integer, (col) => col.notNull())
    .addColumn('person_id', t.text, (col) => col.notNull())
    .addColumn('topic_id', t.text, (col) => col.notNull())
    .addColumn('counted', t.integer, (col) => col.notNull())
    .addPrimaryKeyConstraint('graph_speaker_topics_pk', [
      'episode',
      'rank',
      'person_id',
      'topic_id',
    ])
    .execute();
  await db.schema
    .createIndex('graph_speaker_topics_person')
    .on('graph_speaker_topics')
    .columns(['person_id', 'topic_id'])
    .execute();
  await db.schema
    .createIndex('graph_speaker_topics_topic')
    .on('graph_speaker_topics')
    .columns(['topic_id', 'counted', 'person_id'])
    .execute();
  await episode('graph_labels')
    .addColumn('node_id', t.text, (col) => col.notNull())
    .addColumn('sort_date', t.text, (col) => col.notNull())
    .addColumn('metadata_relpath', t.text, (col) => col.notNull())
    .addColumn('label', t.text, (col) => col.notNull())
    .addPrimaryKeyConstraint('graph_labels_pk', ['episode', 'node_id'])
    .execute();
  await db.schema
    .createIndex('graph_labels_node')
    .on('graph_labels')
    .columns(['node_id', ...catalogOrder])
    .execute();
  await episode('graph_aliases')
    .addColumn('position', t.integer, (col) => col.notNull())
    .addColumn('from_id', t.text, (col) => col.notNull())
    .addColumn('to_id', t.text, (col) => col.notNull())
    .addColumn('sort_date', t.text, (col) => col.notNull())
    .addColumn('metadata_relpath', t.text, (col) => col.notNull())
    .addPrimaryKeyConstraint('graph_aliases_pk', ['episode', 'position'])
    .execute();
  await db.schema
    .createIndex('graph_aliases_from')
    .on('graph_aliases')
    .columns(['from_id', ...catalogOrder, 'position'])
    .execute();
  await db.schema
    .createTable('graph_topic_counts')
    .addColumn('topic_id', t.text, (col) => col.primaryKey())
    .addColumn('insights', t.integer, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('graph_topic_counts_rank')
    .on('graph_topic_counts')
    .columns(['insights desc', 'topic_id'])
    .execute();
  await db.schema
    .createTable('graph_topic_speaker_counts')
    .addColumn('topic_id', t.text, (col) => col.notNull())
    .addColumn('person_id', t.text, (col) => col.notNull())
    .addColumn('insights', t.integer, (col) => col.notNull())
    .addPrimaryKeyConstraint('graph_topic_speaker_counts_pk', ['topic_id', 'person_id'])
    .execute();
  await db.schema
    .createIndex('graph_topic_speaker_counts_rank')
    .on('graph_topic_speaker_counts')
    .columns(['topic_id', 'insights desc', 'person_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'graph_topic_speaker_counts',
    'graph_topic_counts',
    'graph_aliases',
    'graph_labels',
    'graph_speaker_topics',
    'graph_insight_speakers',
    'graph_insight_topics',
    'graph_insights',
    'graph_episodes',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

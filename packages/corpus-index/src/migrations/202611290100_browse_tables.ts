import type { Kysely } from 'kysely';
import { columnTypesOf } from '../dialect.js';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.

/**
 * Each episode's share of the top persons (the quote and insight tables
 * keep only the insights an episode shows, while the ranking counts every
 * grounded one, and the names need the bridge), and its topics in the
 * order the digest pills take them (KG, GI, bridge).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema
    .createTable('episode_topics')
    .addColumn('episode', t.integer, (col) =>
      col.notNull().references('episodes.id').onDelete('cascade'),
    )
    .addColumn('position', t.integer, (col) => col.notNull())
    .addColumn('topic_id', t.text, (col) => col.notNull())
    .addColumn('label', t.text, (col) => col.notNull())
    .addPrimaryKeyConstraint('episode_topics_pk', ['episode', 'position'])
    .execute();
  await db.schema
    .createTable('episode_speakers')
    .addColumn('episode', t.integer, (col) =>
      col.notNull().references('episodes.id').onDelete('cascade'),
    )
    .addColumn('person_id', t.text, (col) => col.notNull())
    .addColumn('grounded', t.integer, (col) => col.notNull())
    .addColumn('bridge_name', t.text)
    .addColumn('gi_name', t.text)
    .addPrimaryKeyConstraint('episode_speakers_pk', ['episode', 'person_id'])
    .execute();
  await db.schema
    .createIndex('episode_speakers_person')
    .on('episode_speakers')
    .columns(['person_id', 'episode'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('episode_speakers').execute();
  await db.schema.dropTable('episode_topics').execute();
}

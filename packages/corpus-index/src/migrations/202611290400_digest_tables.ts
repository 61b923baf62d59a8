import type { Kysely } from 'kysely';
import { columnTypesOf } from '../dialect.js';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.

/**
 * Each episode's named persons in the order trending takes them
 * (`episodeSignalsFrom`: KG, then GI, unnamed voices left out, bridge
 * names first), beside the topics `episode_topics` keeps: the inputs of the
 * cross-episode answers (digest, trending, feed signals).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema
    .createTable('episode_persons')
    .addColumn('episode', t.integer, (col) =>
      col.notNull().references('episodes.id').onDelete('cascade'),
    )
    .addColumn('position', t.integer, (col) => col.notNull())
    .addColumn('person_id', t.text, (col) => col.notNull())
    .addColumn('label', t.text, (col) => col.notNull())
    .addPrimaryKeyConstraint('episode_persons_pk', ['episode', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('episode_persons').execute();
}

import type { Kysely } from 'kysely';
import { columnTypesOf } from '../dialect.js';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.

/**
 * Every insight id an episode's GI graph holds, shown or not (the insights
 * table keeps only the shown ones): what finds the episode of an insight a
 * client names without its episode.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema
    .createTable('insight_ids')
    .addColumn('episode', t.integer, (col) =>
      col.notNull().references('episodes.id').onDelete('cascade'),
    )
    .addColumn('insight_id', t.text, (col) => col.notNull())
    .addPrimaryKeyConstraint('insight_ids_pk', ['episode', 'insight_id'])
    .execute();
  await db.schema
    .createIndex('insight_ids_insight')
    .on('insight_ids')
    .columns(['insight_id', 'episode'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('insight_ids').execute();
}

import type { Kysely } from 'kysely';
import { columnTypesOf } from '../dialect.js';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.

/**
 * What the search routes read of the index. Search hits name their
 * episodes by episode_id: with the catalog order as its suffix, each id
 * reads one short index range, its first episode in catalog order first.
 * Explore lists every insight of every GI file (not only the shown ones the
 * insight tables keep) with what its filters compare.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema
    .createIndex('episodes_episode_id')
    .on('episodes')
    .columns(['episode_id', 'sort_date desc', 'metadata_relpath'])
    .execute();
  await db.schema
    .createTable('explore_insights')
    .addColumn('episode', t.integer, (col) =>
      col.notNull().references('episodes.id').onDelete('cascade'),
    )
    .addColumn('position', t.integer, (col) => col.notNull())
    .addColumn('insight_id', t.text, (col) => col.notNull())
    .addColumn('grounded', t.integer, (col) => col.notNull())
    .addColumn('confidence', t.float)
    .addColumn('item', t.text, (col) => col.notNull())
    .addPrimaryKeyConstraint('explore_insights_pk', ['episode', 'position'])
    .execute();
  await db.schema
    .createIndex('explore_insights_insight')
    .on('explore_insights')
    .column('insight_id')
    .execute();
  for (const [table, column] of [
    ['explore_insight_topics', 'topic_id'],
    ['explore_insight_persons', 'person_id'],
  ] as const) {
    let create = db.schema
      .createTable(table)
      .addColumn('episode', t.integer, (col) =>
        col.notNull().references('episodes.id').onDelete('cascade'),
      )
      .addColumn('position', t.integer, (col) => col.notNull())
      .addColumn('n', t.integer, (col) => col.notNull())
      .addColumn(column, t.text, (col) => col.notNull());
    if (table === 'explore_insight_topics') {
      create = create.addColumn('label', t.text, (col) => col.notNull());
    }
    await create.addPrimaryKeyConstraint(`${table}_pk`, ['episode', 'position', 'n']).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('explore_insight_persons').execute();
  await db.schema.dropTable('explore_insight_topics').execute();
  await db.schema.dropTable('explore_insights').execute();
  await db.schema.dropIndex('episodes_episode_id').execute();
}

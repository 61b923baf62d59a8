import type { Kysely } from 'kysely';
import { columnTypesOf } from '../dialect.js';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.

/**
 * What the viewer's episode list searches, one narrow row per episode:
 * the title and the topic text lower-cased in JS (`episodeSearchText`), as
 * neither engine folds case as JS does, and the episode id as the cluster
 * files name it. Kept apart from `episodes` so a scan does not read records.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema
    .createTable('episode_search')
    .addColumn('episode', t.integer, (col) =>
      col.primaryKey().references('episodes.id').onDelete('cascade'),
    )
    .addColumn('title', t.text, (col) => col.notNull())
    .addColumn('topics', t.text, (col) => col.notNull())
    .addColumn('cluster_key', t.text)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('episode_search').execute();
}

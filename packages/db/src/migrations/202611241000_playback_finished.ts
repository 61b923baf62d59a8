import type { Kysely } from 'kysely';

// Shipped migrations are never edited: change the schema with a new file.
// A client can mark an episode finished along with its position.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('playback_positions')
    .addColumn('finished', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('playback_positions').dropColumn('finished').execute();
}

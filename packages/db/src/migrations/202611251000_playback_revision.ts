import type { Kysely } from 'kysely';

// Shipped migrations are never edited: change the schema with a new file.
// A per-user revision of the playback positions, bumped by every
// write that changes one, so the position list can be answered from a
// cache keyed by it (one primary-key read instead of the whole list).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('playback_rev', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('playback_rev').execute();
}

import type { Kysely } from 'kysely';

// An app password's first group is a selector kept in clear, so a
// sign-in runs scrypt only against the one password it names, never against
// all twenty of a user's (a wrong guess would otherwise cost a second of CPU).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sync_app_passwords').addColumn('selector', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sync_app_passwords').dropColumn('selector').execute();
}

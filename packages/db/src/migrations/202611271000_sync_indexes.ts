import type { Kysely } from 'kysely';

// The incremental sync reads changes above a stamp, and a Basic
// sign-in asks when its password last opened a session; without these
// indexes each request scanned all of a user's synced feeds.
const INDEXES: readonly [name: string, table: string, columns: string[]][] = [
  ['sync_subscriptions_user_stamp_idx', 'sync_subscriptions', ['user_id', 'stamp']],
  ['library_changes_user_stamp_idx', 'library_changes', ['user_id', 'stamp']],
  ['sync_sessions_password_created_idx', 'sync_sessions', ['app_password_id', 'created_at']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...INDEXES].reverse()) {
    await db.schema.dropIndex(name).execute();
  }
}

import { type Kysely, sql } from 'kysely';

// Nextcloud's login flow v2, as AntennaPod's Nextcloud sync provider signs in
// with it: a flow waits (minutes, capped in number) for a signed-in user to
// grant it on a page of ours. Only hashes of its two tokens are kept, and no
// password: the app password is minted when the app polls the granted flow,
// which that poll deletes, so it is handed out once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sync_login_flows')
    .addColumn('poll_hash', 'text', (col) => col.primaryKey())
    .addColumn('login_hash', 'text', (col) => col.notNull().unique())
    .addColumn('client_name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('sync_login_flows_expires_idx')
    .on('sync_login_flows')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sync_login_flows').execute();
}

import type { Kysely } from 'kysely';

// Consumed OAuth login states, shared by every consumer-api instance so a
// copied state cookie and `state` pair works once across the whole fleet.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('used_login_states')
    .addColumn('state', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('used_login_states_expires_at_idx')
    .on('used_login_states')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('used_login_states').execute();
}

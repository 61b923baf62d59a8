import { type Kysely, sql } from 'kysely';

// Feed tokens: the credential a podcast app carries in the URL of
// an overlay feed when it can send no header. Only the SHA-256 of a token is
// kept (tokens are 256 random bits, so a fast hash is enough); deleting the
// row revokes it at once, as every request looks the hash up.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('feed_tokens_user_idx').on('feed_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_tokens').execute();
}

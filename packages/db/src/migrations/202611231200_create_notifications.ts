import { type Kysely, sql } from 'kysely';

// Shipped migrations are never edited: change the schema with a new file.
// Kysely<unknown>: a migration is frozen in time and must not lean on today's Database type.
// Tables of spec 02: consent records, push subscriptions, the outbox and the in-app inbox.

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comms')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('record', 'jsonb', (col) => col.notNull())
    .addColumn('unsubscribe_ref', 'text', (col) => col.notNull().unique())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull())
    .addColumn('subscription', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('push_subscriptions_pkey', ['user_id', 'endpoint'])
    .execute();

  await createOutbox(db);

  await db.schema
    .createTable('inbox')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('text', 'text')
    .addColumn('deep_link', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('read_at', 'timestamptz')
    .addUniqueConstraint('inbox_user_id_key_key', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('inbox_user_id_id_idx')
    .on('inbox')
    .columns(['user_id', 'id'])
    .execute();
}

async function createOutbox(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('template', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('envelope', 'jsonb', (col) => col.notNull())
    .addColumn('not_before', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    // A claim by a worker; another pull skips the row until the lease runs out.
    .addColumn('lease_until', 'timestamptz')
    .addColumn('reported_at', 'timestamptz')
    .addColumn('detail', 'text')
    .addCheckConstraint('outbox_channel_check', sql`channel in ('email', 'push')`)
    .addCheckConstraint(
      'outbox_status_check',
      sql`status in ('pending', 'delivered', 'bounced', 'complaint', 'suppressed', 'failed')`,
    )
    .execute();
  // The pull reads pending rows of one channel oldest first: only those are indexed.
  await db.schema
    .createIndex('outbox_pending_idx')
    .on('outbox')
    .columns(['channel', 'created_at', 'id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('outbox_user_id_idx').on('outbox').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['inbox', 'outbox', 'push_subscriptions', 'comms']) {
    await db.schema.dropTable(table).execute();
  }
}

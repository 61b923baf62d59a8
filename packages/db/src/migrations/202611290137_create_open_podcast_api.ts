import { type Kysely, sql } from 'kysely';

// The Open Podcast API at /v1 keeps what the gPodder state has no place for:
// a subscription's GUIDs, its sync id and the client times of its changes
// (its subscribed or not stays in sync_subscriptions and the library); the
// records of deletions a client can ask about; and the episode fields of
// the episodes draft, each with its own time.
export async function up(db: Kysely<unknown>): Promise<void> {
  const userRef = 'users.id';
  await db.schema
    .createTable('opa_subscriptions')
    .addColumn('user_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('sync_id', 'text', (col) => col.notNull())
    .addColumn('feed_url', 'text', (col) => col.notNull())
    // The podcast GUID its feed URL computes to: one subscription per feed.
    .addColumn('feed_guid', 'text', (col) => col.notNull())
    // Feed URLs it had before: their removal from the shared list is this subscription's move.
    .addColumn('former_feed_urls', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('subscribed', 'boolean', (col) => col.notNull())
    .addColumn('subscribed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('unsubscribed_at', 'timestamptz')
    .addColumn('changed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('client_id', 'text')
    .addColumn('stamp', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('opa_subscriptions_pkey', ['user_id', 'sync_id'])
    .addUniqueConstraint('opa_subscriptions_feed', ['user_id', 'feed_guid'])
    .execute();

  await db.schema
    .createTable('opa_subscription_guids')
    .addColumn('seq', 'bigserial', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('guid', 'text', (col) => col.notNull())
    .addColumn('sync_id', 'text', (col) => col.notNull())
    .addColumn('taken_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('opa_subscription_guids_pkey', ['user_id', 'guid'])
    .addForeignKeyConstraint(
      'opa_subscription_guids_subscription',
      ['user_id', 'sync_id'],
      'opa_subscriptions',
      ['user_id', 'sync_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('opa_deletions')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('guid', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('opa_deletions_status', sql`status in ('SUCCESS', 'FAILURE', 'PENDING')`)
    .execute();
  await db.schema
    .createIndex('opa_deletions_user_idx')
    .on('opa_deletions')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('opa_episodes')
    .addColumn('user_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('sync_id', 'text', (col) => col.notNull())
    .addColumn('podcast_guid', 'text', (col) => col.notNull())
    .addColumn('episode_guid', 'text')
    .addColumn('title', 'text')
    .addColumn('publish_date', 'timestamptz')
    .addColumn('enclosure_url', 'text')
    .addColumn('episode_url', 'text')
    // The corpus episode it names, when one does: its position and favorite live there.
    .addColumn('slug', 'text')
    .addColumn('position', 'integer')
    .addColumn('position_at', 'timestamptz')
    .addColumn('played', 'boolean')
    .addColumn('played_at', 'timestamptz')
    .addColumn('is_new', 'boolean')
    .addColumn('new_at', 'timestamptz')
    .addColumn('downloaded', 'boolean')
    .addColumn('download_at', 'timestamptz')
    .addColumn('favorite', 'boolean')
    .addColumn('favorite_at', 'timestamptz')
    .addColumn('client_id', 'text')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('opa_episodes_pkey', ['user_id', 'sync_id'])
    .addCheckConstraint('opa_episodes_position', sql`position >= 0`)
    .execute();
  await db.schema
    .createIndex('opa_episodes_podcast_idx')
    .on('opa_episodes')
    .columns(['user_id', 'podcast_guid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'opa_episodes',
    'opa_deletions',
    'opa_subscription_guids',
    'opa_subscriptions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

// Shipped migrations are never edited: change the schema with a new file.
// Kysely<unknown>: a migration is frozen in time and must not lean on today's Database type.

function withUser<T extends string>(table: CreateTableBuilder<T, never>) {
  return table.addColumn('user_id', 'text', (col) =>
    col.notNull().references('users.id').onDelete('cascade'),
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await withUser(db.schema.createTable('playback_positions'))
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('position_seconds', 'double precision', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('playback_positions_pkey', ['user_id', 'slug'])
    // PostgreSQL sorts NaN above Infinity, so "< Infinity" also keeps NaN out.
    .addCheckConstraint(
      'playback_positions_position_check',
      sql`position_seconds >= 0 and position_seconds < 'Infinity'::double precision`,
    )
    .execute();

  await withUser(db.schema.createTable('queue_items'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('queue_items_pkey', ['user_id', 'position'])
    .execute();

  await withUser(db.schema.createTable('library_subscriptions'))
    .addColumn('feed_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('library_subscriptions_pkey', ['user_id', 'feed_id'])
    .execute();

  await withUser(db.schema.createTable('favorites'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('ref', 'text', (col) => col.notNull())
    .addColumn('extra', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('favorites_pkey', ['user_id', 'kind', 'ref'])
    .addCheckConstraint(
      'favorites_kind_check',
      sql`kind in ('episode', 'insight', 'person', 'topic')`,
    )
    .addCheckConstraint('favorites_extra_check', sql`jsonb_typeof(extra) = 'object'`)
    .execute();

  await withUser(db.schema.createTable('interests'))
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('interests_pkey', ['user_id', 'token'])
    .execute();

  await createListenEvents(db);
}

async function createListenEvents(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('listen_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('feed_id', 'text')
    .addColumn('occurred_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('listen_events_user_id_occurred_at_idx')
    .on('listen_events')
    .columns(['user_id', 'occurred_at'])
    .execute();
  await db.schema
    .createIndex('listen_events_slug_idx')
    .on('listen_events')
    .column('slug')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'listen_events',
    'interests',
    'favorites',
    'library_subscriptions',
    'queue_items',
    'playback_positions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

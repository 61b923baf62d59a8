import { type Kysely, sql } from 'kysely';

// Sync with podcast apps: app passwords and their protocol
// sessions, gPodder devices, the subscription and episode-action logs, and
// a per-feed change log of the library that a trigger keeps, so every way
// the library changes (app, OPML import, sync) reaches the sync feed.
export async function up(db: Kysely<unknown>): Promise<void> {
  const userRef = 'users.id';
  await db.schema
    .createTable('sync_accounts')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references(userRef).onDelete('cascade'))
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .execute();

  await db.schema
    .createTable('sync_app_passwords')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('sync_app_passwords_user_idx')
    .on('sync_app_passwords')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('sync_sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('app_password_id', 'text', (col) =>
      col.notNull().references('sync_app_passwords.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sync_devices')
    .addColumn('user_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('caption', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('type', 'text', (col) => col.notNull().defaultTo('other'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sync_devices_pkey', ['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('sync_subscriptions')
    .addColumn('user_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('subscribed', 'boolean', (col) => col.notNull())
    .addColumn('stamp', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('sync_subscriptions_pkey', ['user_id', 'url'])
    .execute();

  await db.schema
    .createTable('library_changes')
    .addColumn('user_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('feed_id', 'text', (col) => col.notNull())
    .addColumn('subscribed', 'boolean', (col) => col.notNull())
    .addColumn('stamp', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('library_changes_pkey', ['user_id', 'feed_id'])
    .execute();
  await sql`
    insert into library_changes (user_id, feed_id, subscribed, stamp)
    select user_id, feed_id, true, floor(extract(epoch from created_at))::bigint
    from library_subscriptions
  `.execute(db);
  // The sync stamp: one value per user and transaction, never lower than the
  // clock's second and always above every stamp an earlier transaction
  // took. A sync answer's `timestamp` is the stamp it had seen, so a change
  // committed later always has a higher one and is never missed.
  await db.schema
    .alterTable('users')
    .addColumn('sync_stamp', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('sync_stamp_xid', 'bigint')
    .execute();
  await sql`
    create function next_sync_stamp(uid text) returns bigint language plpgsql as $$
    declare
      taken bigint;
    begin
      update users set
        sync_stamp = case
          when sync_stamp_xid = txid_current() then sync_stamp
          else greatest(sync_stamp + 1, floor(extract(epoch from clock_timestamp()))::bigint)
        end,
        sync_stamp_xid = txid_current()
      where id = uid
      returning sync_stamp into taken;
      return coalesce(taken, 0);
    end
    $$
  `.execute(db);
  await sql`
    create function record_library_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        insert into library_changes (user_id, feed_id, subscribed, stamp)
        values (old.user_id, old.feed_id, false, next_sync_stamp(old.user_id))
        on conflict (user_id, feed_id)
        do update set subscribed = false, stamp = excluded.stamp;
      else
        insert into library_changes (user_id, feed_id, subscribed, stamp)
        values (new.user_id, new.feed_id, true, next_sync_stamp(new.user_id))
        on conflict (user_id, feed_id)
        do update set subscribed = true, stamp = excluded.stamp;
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger library_subscriptions_changed
    after insert or delete on library_subscriptions
    for each row execute function record_library_change()
  `.execute(db);

  await db.schema
    .createTable('sync_episode_actions')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('content_key', 'text', (col) => col.notNull())
    .addColumn('podcast', 'text', (col) => col.notNull())
    .addColumn('episode', 'text', (col) => col.notNull())
    .addColumn('guid', 'text')
    .addColumn('device_id', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('action_at', 'timestamptz', (col) => col.notNull())
    .addColumn('started', 'integer')
    .addColumn('position', 'integer')
    .addColumn('total', 'integer')
    .addColumn('stamp', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('sync_episode_actions_content_key', ['user_id', 'content_key'])
    .addCheckConstraint(
      'sync_episode_actions_action_check',
      sql`action in ('download', 'play', 'delete', 'new', 'flattr')`,
    )
    .execute();
  await db.schema
    .createIndex('sync_episode_actions_user_stamp_idx')
    .on('sync_episode_actions')
    .columns(['user_id', 'stamp'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sync_episode_actions').execute();
  await sql`drop trigger library_subscriptions_changed on library_subscriptions`.execute(db);
  await sql`drop function record_library_change()`.execute(db);
  await sql`drop function next_sync_stamp(text)`.execute(db);
  for (const table of [
    'library_changes',
    'sync_subscriptions',
    'sync_devices',
    'sync_sessions',
    'sync_app_passwords',
    'sync_accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema
    .alterTable('users')
    .dropColumn('sync_stamp')
    .dropColumn('sync_stamp_xid')
    .execute();
}

import type { Kysely } from 'kysely';
import { columnTypesOf } from '../dialect.js';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.

/**
 * The keys sync apps name the corpus by (packages/corpus `syncUrlKeyOf`,
 * `feedSyncUrlOf`): an episode's enclosure URL key and a show's sanitised
 * feed URL and its key, computed in JS at ingest because the URL rules are
 * JS's; with an index on each key (the episode id, the GUID a sync app
 * sends, has one already), the gPodder, Nextcloud and Open Podcast API
 * routes look a name up instead of loading the corpus.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema.alterTable('episodes').addColumn('media_key', t.text).execute();
  await db.schema.alterTable('feeds').addColumn('sync_url', t.text).execute();
  await db.schema.alterTable('feeds').addColumn('sync_url_key', t.text).execute();
  await db.schema.createIndex('episodes_media_key').on('episodes').column('media_key').execute();
  await db.schema
    .createIndex('feeds_sync_url_key')
    .on('feeds')
    .columns(['sync_url_key', 'feed_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('feeds_sync_url_key').execute();
  await db.schema.dropIndex('episodes_media_key').execute();
  await db.schema.alterTable('feeds').dropColumn('sync_url_key').execute();
  await db.schema.alterTable('feeds').dropColumn('sync_url').execute();
  await db.schema.alterTable('episodes').dropColumn('media_key').execute();
}

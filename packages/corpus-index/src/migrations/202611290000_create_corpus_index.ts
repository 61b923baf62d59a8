import type { Kysely } from 'kysely';
import { type ColumnTypes, columnTypesOf } from '../dialect.js';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.
// Column types come from the dialect module: SQLite's as they were, PostgreSQL's equivalents.

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema
    .createTable('index_meta')
    .addColumn('key', t.text, (col) => col.primaryKey())
    .addColumn('value', t.text, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('files')
    .addColumn('path', t.text, (col) => col.primaryKey())
    .addColumn('size', t.integer, (col) => col.notNull())
    .addColumn('mtime_ms', t.float, (col) => col.notNull())
    .addColumn('racy', t.integer, (col) => col.notNull())
    .addColumn('kind', t.text, (col) => col.notNull())
    .addColumn('readable', t.integer, (col) => col.notNull())
    .addColumn('feed_id', t.text)
    .addColumn('episode_key', t.text)
    .execute();
  await db.schema
    .createTable('feeds')
    .addColumn('feed_id', t.text, (col) => col.primaryKey())
    .addColumn('episode_count', t.integer, (col) => col.notNull())
    .addColumn('ready_count', t.integer, (col) => col.notNull())
    .addColumn('partial_count', t.integer, (col) => col.notNull())
    .addColumn('pending_count', t.integer, (col) => col.notNull())
    .addColumn('record', t.text, (col) => col.notNull())
    .execute();
  await createEpisodes(db, t);
  await createEpisodeParts(db, t);
}

async function createEpisodes(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('episodes')
    .addColumn('id', t.integer, t.id)
    .addColumn('metadata_relpath', t.text, (col) => col.notNull().unique())
    .addColumn('slug', t.text, (col) => col.notNull())
    .addColumn('feed_id', t.text, (col) => col.notNull())
    .addColumn('episode_id', t.text)
    .addColumn('sort_date', t.text, (col) => col.notNull())
    .addColumn('catalog_status', t.text, (col) => col.notNull())
    .addColumn('source_key', t.text, (col) => col.notNull())
    .addColumn('art_paths', t.text, (col) => col.notNull())
    .addColumn('record', t.text, (col) => col.notNull())
    .execute();
  // The catalog order is (sort_date desc, metadata_relpath asc); each filter gets it as a suffix.
  const order = ['sort_date desc', 'metadata_relpath'];
  await db.schema.createIndex('episodes_catalog').on('episodes').columns(order).execute();
  await db.schema
    .createIndex('episodes_feed_catalog')
    .on('episodes')
    .columns(['feed_id', ...order])
    .execute();
  await db.schema
    .createIndex('episodes_status_catalog')
    .on('episodes')
    .columns(['catalog_status', ...order])
    .execute();
  await db.schema.createIndex('episodes_slug').on('episodes').column('slug').execute();
}

const EPISODE_REF = 'episodes.id';

async function createEpisodeParts(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  const episode = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('episode', t.integer, (col) =>
        col.notNull().references(EPISODE_REF).onDelete('cascade'),
      );
  await episode('insights')
    .addColumn('rank', t.integer, (col) => col.notNull())
    .addColumn('id', t.text, (col) => col.notNull())
    .addColumn('text', t.text, (col) => col.notNull())
    .addColumn('grounded', t.integer, (col) => col.notNull())
    .addColumn('insight_type', t.text)
    .addColumn('confidence', t.float)
    .addColumn('position_hint', t.float)
    .addPrimaryKeyConstraint('insights_pk', ['episode', 'rank'])
    .execute();
  await episode('quotes')
    .addColumn('id', t.text, (col) => col.notNull())
    .addColumn('text', t.text, (col) => col.notNull())
    .addColumn('speaker_id', t.text)
    .addColumn('speaker_name', t.text)
    .addColumn('timestamp_start_ms', t.integer)
    .addColumn('timestamp_end_ms', t.integer)
    .addColumn('char_start', t.integer)
    .addColumn('char_end', t.integer)
    .addPrimaryKeyConstraint('quotes_pk', ['episode', 'id'])
    .execute();
  await episode('insight_quotes')
    .addColumn('insight_rank', t.integer, (col) => col.notNull())
    .addColumn('quote_id', t.text, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('insight_quotes_episode')
    .on('insight_quotes')
    .columns(['episode', 'insight_rank'])
    .execute();
  await episode('quote_speakers')
    .addColumn('quote_id', t.text, (col) => col.notNull())
    .addColumn('person_id', t.text, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('quote_speakers_person')
    .on('quote_speakers')
    .columns(['person_id', 'episode'])
    .execute();
  await db.schema
    .createIndex('quote_speakers_episode')
    .on('quote_speakers')
    .column('episode')
    .execute();
  await episode('insight_topics')
    .addColumn('insight_id', t.text, (col) => col.notNull())
    .addColumn('topic_id', t.text, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('insight_topics_topic')
    .on('insight_topics')
    .columns(['topic_id', 'episode'])
    .execute();
  await db.schema
    .createIndex('insight_topics_episode')
    .on('insight_topics')
    .column('episode')
    .execute();
  await episode('persons')
    .addColumn('person_id', t.text, (col) => col.notNull())
    .addColumn('name', t.text, (col) => col.notNull())
    .addColumn('hidden', t.integer, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('persons_person').on('persons').columns(['person_id']).execute();
  await db.schema.createIndex('persons_episode').on('persons').column('episode').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'persons',
    'insight_topics',
    'quote_speakers',
    'insight_quotes',
    'quotes',
    'insights',
    'episodes',
    'feeds',
    'files',
    'index_meta',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

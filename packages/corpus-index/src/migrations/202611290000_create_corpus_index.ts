import type { Kysely } from 'kysely';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('index_meta')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('files')
    .addColumn('path', 'text', (col) => col.primaryKey())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('mtime_ms', 'real', (col) => col.notNull())
    .addColumn('racy', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('readable', 'integer', (col) => col.notNull())
    .addColumn('feed_id', 'text')
    .addColumn('episode_key', 'text')
    .execute();
  await db.schema
    .createTable('feeds')
    .addColumn('feed_id', 'text', (col) => col.primaryKey())
    .addColumn('episode_count', 'integer', (col) => col.notNull())
    .addColumn('ready_count', 'integer', (col) => col.notNull())
    .addColumn('partial_count', 'integer', (col) => col.notNull())
    .addColumn('pending_count', 'integer', (col) => col.notNull())
    .addColumn('record', 'text', (col) => col.notNull())
    .execute();
  await createEpisodes(db);
  await createEpisodeParts(db);
}

async function createEpisodes(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('episodes')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('metadata_relpath', 'text', (col) => col.notNull().unique())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('feed_id', 'text', (col) => col.notNull())
    .addColumn('episode_id', 'text')
    .addColumn('sort_date', 'text', (col) => col.notNull())
    .addColumn('catalog_status', 'text', (col) => col.notNull())
    .addColumn('source_key', 'text', (col) => col.notNull())
    .addColumn('art_paths', 'text', (col) => col.notNull())
    .addColumn('record', 'text', (col) => col.notNull())
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

async function createEpisodeParts(db: Kysely<unknown>): Promise<void> {
  const episode = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('episode', 'integer', (col) =>
        col.notNull().references(EPISODE_REF).onDelete('cascade'),
      );
  await episode('insights')
    .addColumn('rank', 'integer', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('grounded', 'integer', (col) => col.notNull())
    .addColumn('insight_type', 'text')
    .addColumn('confidence', 'real')
    .addColumn('position_hint', 'real')
    .addPrimaryKeyConstraint('insights_pk', ['episode', 'rank'])
    .execute();
  await episode('quotes')
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('speaker_id', 'text')
    .addColumn('speaker_name', 'text')
    .addColumn('timestamp_start_ms', 'integer')
    .addColumn('timestamp_end_ms', 'integer')
    .addColumn('char_start', 'integer')
    .addColumn('char_end', 'integer')
    .addPrimaryKeyConstraint('quotes_pk', ['episode', 'id'])
    .execute();
  await episode('insight_quotes')
    .addColumn('insight_rank', 'integer', (col) => col.notNull())
    .addColumn('quote_id', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('insight_quotes_episode')
    .on('insight_quotes')
    .columns(['episode', 'insight_rank'])
    .execute();
  await episode('quote_speakers')
    .addColumn('quote_id', 'text', (col) => col.notNull())
    .addColumn('person_id', 'text', (col) => col.notNull())
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
    .addColumn('insight_id', 'text', (col) => col.notNull())
    .addColumn('topic_id', 'text', (col) => col.notNull())
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
    .addColumn('person_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('hidden', 'integer', (col) => col.notNull())
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

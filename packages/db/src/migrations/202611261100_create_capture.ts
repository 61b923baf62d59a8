import { type Kysely, sql } from 'kysely';

// Capture: a user's highlights and notes. Ids are minted by the
// server but scoped by user (the key is (user_id, id)), so a re-imported
// backup lands on its own rows and never on anyone else's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('highlights')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('episode_slug', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('start_ms', 'integer')
    .addColumn('end_ms', 'integer')
    .addColumn('quote_text', 'text')
    .addColumn('speaker', 'text')
    .addColumn('color', 'text')
    .addColumn('insight_id', 'text')
    .addColumn('char_start', 'integer')
    .addColumn('char_end', 'integer')
    .addColumn('anchor_status', 'text', (col) => col.notNull())
    .addColumn('transcript_hash', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('highlights_pkey', ['user_id', 'id'])
    .addCheckConstraint('highlights_kind_check', sql`kind in ('span', 'moment', 'insight')`)
    .addCheckConstraint(
      'highlights_anchor_status_check',
      sql`anchor_status in ('ok', 'moved', 'lost')`,
    )
    .execute();
  await db.schema
    .createIndex('highlights_user_episode_idx')
    .on('highlights')
    .columns(['user_id', 'episode_slug'])
    .execute();

  await db.schema
    .createTable('notes')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notes_pkey', ['user_id', 'id'])
    .addCheckConstraint('notes_target_check', sql`target in ('highlight', 'insight', 'episode')`)
    .execute();
  await db.schema
    .createIndex('notes_user_target_idx')
    .on('notes')
    .columns(['user_id', 'target', 'target_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notes').execute();
  await db.schema.dropTable('highlights').execute();
}

import { sql } from 'kysely';
import { indexDefinitionsOf, inWriteTransaction } from './dialect.js';
import type { IndexKysely } from './index-file.js';

/**
 * The secondary indexes of the layer tables that only readers use. A first
 * build drops them before its layers pass and makes each once every row is
 * written, in one sorted pass, rather than keep them up to date row by row
 * (the pass's commits then write fewer pages). The indexes that lead with
 * `episode` stay, as the writer's cascades and forgets find rows by episode,
 * and so do those of `episodes`, `feeds`, `files` and the topic counts.
 * Readers serve no layer before the build is marked built, by which time
 * every one is back.
 */
const DEFERRED_INDEXES = [
  'episode_nodes_node',
  'episode_speakers_person',
  'explore_insights_insight',
  'graph_aliases_from',
  'graph_insight_entities_entity',
  'graph_insight_speakers_order',
  'graph_insight_topics_perspective',
  'graph_insight_topics_topic',
  'graph_insights_insight',
  'graph_labels_node',
  'graph_speaker_topics_perspective',
  'graph_speaker_topics_person',
  'graph_speaker_topics_topic',
  'graph_topic_arc_counts_read',
  'graph_topic_speaker_counts_rank',
  'insight_ids_insight',
  'insight_topics_topic',
  'persons_person',
  'quote_speakers_person',
];

/**
 * Where the dropped indexes' definitions are kept until they are made
 * again: in the index itself, so a build that stops between the two (a
 * crash, a lost lock) is finished by whichever process builds next.
 */
const DEFERRED_KEY = 'deferred_indexes';

/** The recorded definitions of the dropped indexes, or undefined when none are dropped. */
async function recordedOf(trx: IndexKysely): Promise<string[] | undefined> {
  const row = await trx
    .selectFrom('index_meta')
    .select('value')
    .where('key', '=', DEFERRED_KEY)
    .executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.value) as string[]);
}

/** Drops the deferred indexes for a first build's layers pass, recording their definitions once. */
export async function deferIndexes(db: IndexKysely): Promise<void> {
  await inWriteTransaction(db, async (trx) => {
    if ((await recordedOf(trx)) !== undefined) {
      return;
    }
    const definitions = await indexDefinitionsOf(trx, DEFERRED_INDEXES);
    await trx
      .insertInto('index_meta')
      .values({ key: DEFERRED_KEY, value: JSON.stringify(definitions) })
      .execute();
    for (const name of DEFERRED_INDEXES) {
      await sql`drop index if exists ${sql.id(name)}`.execute(trx);
    }
  });
}

/** Makes the deferred indexes again from their recorded definitions, if any are recorded. */
export async function restoreIndexes(db: IndexKysely): Promise<void> {
  await inWriteTransaction(db, async (trx) => {
    for (const definition of (await recordedOf(trx)) ?? []) {
      await sql.raw(definition).execute(trx);
    }
    await trx.deleteFrom('index_meta').where('key', '=', DEFERRED_KEY).execute();
  });
}

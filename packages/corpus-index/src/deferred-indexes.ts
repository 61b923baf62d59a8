import { sql } from 'kysely';
import { indexDefinitionsOf, inWriteTransaction } from './dialect.js';
import type { IndexKysely } from './index-file.js';

/** Indexes a first build drops for one of its passes and makes again at its end. */
export interface DeferredIndexes {
  /**
   * The `index_meta` key their definitions wait under until they are made
   * again, so a build that stops between the two (a crash, a lost lock) is
   * finished by whichever process builds next.
   */
  key: string;
  names: readonly string[];
}

/**
 * The secondary indexes of `episodes` only readers and the feed counts use.
 * A first build's catalog pass writes every episode row without them and
 * makes each once, in one sorted pass, before the feeds are counted and
 * the catalog is marked, which is when readers first serve it. A build
 * that finds the catalog marked keeps them, as readers serve it meanwhile.
 */
export const CATALOG_INDEXES: DeferredIndexes = {
  key: 'deferred_catalog_indexes',
  names: [
    'episodes_catalog',
    'episodes_episode_id',
    'episodes_feed_catalog',
    'episodes_media_key',
    'episodes_slug',
    'episodes_status_catalog',
  ],
};

/**
 * The secondary indexes of the layer tables that only readers use. A first
 * build drops them before its layers pass and makes each once every row is
 * written, rather than keep them up to date row by row (the pass's commits
 * then write fewer pages). The indexes that lead with `episode` stay, as
 * the writer's cascades and forgets find rows by episode, and so do those
 * of `feeds`, `files` and the topic counts. Readers serve no layer before
 * the build is marked built, by which time every one is back.
 */
export const LAYER_INDEXES: DeferredIndexes = {
  key: 'deferred_indexes',
  names: [
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
  ],
};

/** The recorded definitions of a set's dropped indexes, or undefined when none are dropped. */
async function recordedOf(trx: IndexKysely, set: DeferredIndexes): Promise<string[] | undefined> {
  const row = await trx
    .selectFrom('index_meta')
    .select('value')
    .where('key', '=', set.key)
    .executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.value) as string[]);
}

/** Drops a set's indexes for a pass of a first build, recording their definitions once. */
export async function deferIndexes(db: IndexKysely, set: DeferredIndexes): Promise<void> {
  await inWriteTransaction(db, async (trx) => {
    if ((await recordedOf(trx, set)) !== undefined) {
      return;
    }
    const definitions = await indexDefinitionsOf(trx, set.names);
    await trx
      .insertInto('index_meta')
      .values({ key: set.key, value: JSON.stringify(definitions) })
      .execute();
    for (const name of set.names) {
      await sql`drop index if exists ${sql.id(name)}`.execute(trx);
    }
  });
}

/** Makes a set's indexes again from their recorded definitions, if any are recorded. */
export async function restoreIndexes(db: IndexKysely, set: DeferredIndexes): Promise<void> {
  await inWriteTransaction(db, async (trx) => {
    for (const definition of (await recordedOf(trx, set)) ?? []) {
      await sql.raw(definition).execute(trx);
    }
    await trx.deleteFrom('index_meta').where('key', '=', set.key).execute();
  });
}

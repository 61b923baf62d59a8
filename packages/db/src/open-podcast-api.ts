import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { forEachBatch } from './batches.js';
import { assertWithinCap } from './caps.js';
import { type DbExecutor, withTransaction } from './executor.js';
import type { OpaEpisodesTable, OpaSubscriptionsTable } from './schema.js';

/** Rows (or keys) a statement takes at most: far below PostgreSQL's 65,535 bind parameters. */
const BATCH = 500;

// ------------------------------------------------------------ subscriptions

export type OpaSubscriptionRow = Omit<Selectable<OpaSubscriptionsTable>, 'user_id' | 'stamp'> & {
  stamp: number;
  /** Every GUID it had, oldest first; the first is the one it was made with. */
  guids: { guid: string; taken_at: Date }[];
};

/** The user's Open Podcast API subscriptions with their GUIDs. */
export async function listOpaSubscriptions(
  db: DbExecutor,
  userId: string,
): Promise<OpaSubscriptionRow[]> {
  const rows = await db
    .selectFrom('opa_subscriptions as s')
    .selectAll('s')
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('opa_subscription_guids as g')
          .select(['g.guid', 'g.taken_at'])
          .whereRef('g.user_id', '=', 's.user_id')
          .whereRef('g.sync_id', '=', 's.sync_id')
          .orderBy('g.taken_at')
          .orderBy('g.seq'),
      ).as('guids'),
    )
    .where('s.user_id', '=', userId)
    .orderBy('s.sync_id')
    .execute();
  return rows.map(({ user_id: _user, stamp, guids, ...row }) => ({
    ...row,
    stamp: Number(stamp),
    // JSON carries the times as text.
    guids: guids.map((g) => ({ guid: g.guid, taken_at: new Date(g.taken_at) })),
  }));
}

export type OpaSubscriptionWrite = Omit<Insertable<OpaSubscriptionsTable>, 'user_id'>;

/** The columns an upsert of a whole row sets again (all but the key). */
const SUBSCRIPTION_COLUMNS = [
  'feed_url',
  'feed_guid',
  'former_feed_urls',
  'subscribed',
  'subscribed_at',
  'unsubscribed_at',
  'changed_at',
  'deleted_at',
  'client_id',
  'stamp',
  'updated_at',
] as const;

/**
 * Writes rows whole, keyed by user and sync id, in the caller's
 * transaction (which holds the user's lock), in key order; refuses, and so
 * rolls back, a total past `max`.
 */
async function upsertBySyncId(
  trx: DbExecutor,
  table: 'opa_subscriptions' | 'opa_episodes',
  userId: string,
  rows: readonly { sync_id: string }[],
  cap: { columns: readonly string[]; max: number; what: string },
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  const sorted = [...rows].sort((a, b) => (a.sync_id < b.sync_id ? -1 : 1));
  await withTransaction(trx, async (tx) => {
    await forEachBatch(sorted, BATCH, async (batch) => {
      await tx
        .insertInto(table)
        .values(batch.map((row) => ({ ...row, user_id: userId })) as never)
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'sync_id'])
            .doUpdateSet(
              (eb) =>
                Object.fromEntries(
                  cap.columns.map((c) => [c, eb.ref(`excluded.${c}` as never)]),
                ) as never,
            ),
        )
        .execute();
    });
    await assertWithinCap(tx, table, userId, cap.max, cap.what);
  });
}

/** Creates or updates subscriptions whole; past `max` in all, CapReached (and a rollback). */
export async function writeOpaSubscriptions(
  trx: DbExecutor,
  userId: string,
  rows: readonly OpaSubscriptionWrite[],
  max: number,
): Promise<void> {
  await upsertBySyncId(trx, 'opa_subscriptions', userId, rows, {
    columns: SUBSCRIPTION_COLUMNS,
    max,
    what: 'Open Podcast API subscriptions',
  });
}

/** Gives subscriptions more GUIDs (each its newest, in order); past `max` GUIDs in all, CapReached. */
export async function addOpaSubscriptionGuids(
  trx: DbExecutor,
  userId: string,
  entries: readonly { syncId: string; guid: string; at: Date }[],
  max: number,
): Promise<void> {
  if (entries.length === 0) {
    return;
  }
  await withTransaction(trx, async (tx) => {
    await forEachBatch([...entries], BATCH, async (batch) => {
      await tx
        .insertInto('opa_subscription_guids')
        .values(
          batch.map((e) => ({ user_id: userId, guid: e.guid, sync_id: e.syncId, taken_at: e.at })),
        )
        .execute();
    });
    await assertWithinCap(tx, 'opa_subscription_guids', userId, max, 'podcast GUIDs');
  });
}

// ------------------------------------------------------------ deletions

export interface OpaDeletionRow {
  id: number;
  guid: string;
  status: string;
  message: string;
}

/** Records a deletion and forgets the user's records past the newest `kept`. */
export async function insertOpaDeletion(
  trx: DbExecutor,
  userId: string,
  entry: { guid: string; status: string; message: string; now: Date },
  kept: number,
): Promise<number> {
  const row = await trx
    .insertInto('opa_deletions')
    .values({
      user_id: userId,
      guid: entry.guid,
      status: entry.status,
      message: entry.message,
      created_at: entry.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .deleteFrom('opa_deletions')
    .where('user_id', '=', userId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('opa_deletions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(kept),
    )
    .execute();
  return Number(row.id);
}

/** One of the user's deletion records; undefined for another user's or a forgotten one. */
export async function findOpaDeletion(
  db: DbExecutor,
  userId: string,
  id: number,
): Promise<OpaDeletionRow | undefined> {
  const row = await db
    .selectFrom('opa_deletions')
    .select(['id', 'guid', 'status', 'message'])
    .where('user_id', '=', userId)
    .where('id', '=', String(id))
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id) };
}

/**
 * What the user keeps about one podcast's episodes, deleted in the
 * caller's transaction: the Open Podcast API's records (by the podcast's
 * GUIDs), the gPodder API's actions (by its feed URLs), and the positions
 * and episode favorites of its corpus episodes (by slug). Positions go
 * first, as every playback write takes them before the user row.
 */
export async function deletePodcastEpisodeData(
  trx: DbExecutor,
  userId: string,
  podcast: { guids: readonly string[]; feedUrls: readonly string[]; slugs: readonly string[] },
): Promise<void> {
  const slugs = [...new Set(podcast.slugs)].sort();
  await forEachBatch(slugs, BATCH, async (batch) => {
    const removed = await trx
      .deleteFrom('playback_positions')
      .where('user_id', '=', userId)
      .where('slug', 'in', batch)
      .executeTakeFirst();
    if (removed.numDeletedRows > 0n) {
      // The playback list's revision: its cached answers must not outlive the rows.
      await trx
        .updateTable('users')
        .set({ playback_rev: sql`playback_rev + 1` })
        .where('id', '=', userId)
        .execute();
    }
    await trx
      .deleteFrom('favorites')
      .where('user_id', '=', userId)
      .where('kind', '=', 'episode')
      .where('ref', 'in', batch)
      .execute();
  });
  await forEachBatch([...podcast.guids], BATCH, async (batch) => {
    await trx
      .deleteFrom('opa_episodes')
      .where('user_id', '=', userId)
      .where('podcast_guid', 'in', batch)
      .execute();
  });
  await forEachBatch([...podcast.feedUrls], BATCH, async (batch) => {
    await trx
      .deleteFrom('sync_episode_actions')
      .where('user_id', '=', userId)
      .where('podcast', 'in', batch)
      .execute();
  });
}

// ------------------------------------------------------------ episodes

export type OpaEpisodeRow = Omit<Selectable<OpaEpisodesTable>, 'user_id'>;

/** Every episode record of the user. */
export async function listOpaEpisodes(db: DbExecutor, userId: string): Promise<OpaEpisodeRow[]> {
  const rows = await db
    .selectFrom('opa_episodes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('sync_id')
    .execute();
  return rows.map(({ user_id: _user, ...row }) => row);
}

/** When each of the user's episode favorites was saved, by slug. */
export async function listEpisodeFavoriteTimes(
  db: DbExecutor,
  userId: string,
): Promise<Map<string, Date>> {
  const rows = await db
    .selectFrom('favorites')
    .select(['ref', 'created_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'episode')
    .execute();
  return new Map(rows.map((row) => [row.ref, row.created_at]));
}

/** The user's records of the podcasts named (by GUID) or the episodes named (by sync id). */
export async function findOpaEpisodes(
  db: DbExecutor,
  userId: string,
  names: { podcastGuids: readonly string[]; syncIds: readonly string[] },
): Promise<OpaEpisodeRow[]> {
  const rows: OpaEpisodeRow[] = [];
  const read = async (column: 'podcast_guid' | 'sync_id', keys: readonly string[]) =>
    forEachBatch([...new Set(keys)], BATCH, async (batch) => {
      const found = await db
        .selectFrom('opa_episodes')
        .selectAll()
        .where('user_id', '=', userId)
        .where(column, 'in', batch)
        .execute();
      rows.push(...found.map(({ user_id: _user, ...row }) => row));
    });
  await read('podcast_guid', names.podcastGuids);
  await read('sync_id', names.syncIds);
  return [...new Map(rows.map((row) => [row.sync_id, row])).values()];
}

/**
 * Writes episode records whole (each as its caller merged it); past `max`
 * in all, CapReached (and a rollback).
 */
export async function writeOpaEpisodes(
  trx: DbExecutor,
  userId: string,
  rows: readonly OpaEpisodeRow[],
  max: number,
): Promise<void> {
  await upsertBySyncId(trx, 'opa_episodes', userId, rows, {
    columns: EPISODE_COLUMNS,
    max,
    what: 'Open Podcast API episodes',
  });
}

const EPISODE_COLUMNS: readonly Exclude<keyof OpaEpisodeRow, 'sync_id'>[] = [
  'podcast_guid',
  'episode_guid',
  'title',
  'publish_date',
  'enclosure_url',
  'episode_url',
  'slug',
  'position',
  'position_at',
  'played',
  'played_at',
  'is_new',
  'new_at',
  'downloaded',
  'download_at',
  'favorite',
  'favorite_at',
  'client_id',
  'updated_at',
];

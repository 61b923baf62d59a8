import { buildFeedRecords, type EpisodeRecord, feedSyncUrlOf } from '@podcast/corpus';
import { inWriteTransaction } from './dialect.js';
import type { IndexKysely } from './index-file.js';

/** Every feed the index holds a row or an episode of. */
export async function indexedFeedIds(db: IndexKysely): Promise<string[]> {
  const rows = await db
    .selectFrom('episodes')
    .select('feed_id')
    .union(db.selectFrom('feeds').select('feed_id'))
    .execute();
  return rows.map((row) => row.feed_id);
}

/**
 * Rebuilds the feed rows of `feedIds` from their episodes in catalog order,
 * with `buildFeedRecords` (each field from the newest episode that has it);
 * a feed left without episodes is deleted. Returns how many it looked at.
 */
export async function refreshFeeds(db: IndexKysely, feedIds: ReadonlySet<string>): Promise<number> {
  for (const feedId of feedIds) {
    await inWriteTransaction(db, async (trx) => {
      const rows = await trx
        .selectFrom('episodes')
        .select(['record', 'catalog_status'])
        .where('feed_id', '=', feedId)
        .orderBy('sort_date', 'desc')
        .orderBy('metadata_relpath')
        .execute();
      const [feed] = buildFeedRecords(rows.map((row) => JSON.parse(row.record) as EpisodeRecord));
      if (feed === undefined) {
        await trx.deleteFrom('feeds').where('feed_id', '=', feedId).execute();
        return;
      }
      const count = (status: string) => rows.filter((r) => r.catalog_status === status).length;
      const sync = feedSyncUrlOf(feed);
      const row = {
        feed_id: feedId,
        episode_count: feed.episode_count,
        ready_count: count('ready'),
        partial_count: count('partial'),
        pending_count: count('pending'),
        record: JSON.stringify(feed),
        sync_url: sync?.url ?? null,
        sync_url_key: sync?.key ?? null,
      };
      await trx
        .insertInto('feeds')
        .values(row)
        .onConflict((oc) => oc.column('feed_id').doUpdateSet(row))
        .execute();
    });
  }
  return feedIds.size;
}

import type { EpisodeRecord } from '@podcast/corpus';
import { isOneOf } from './dialect.js';
import type { IndexKysely } from './index-file.js';

/** A show as sync apps name it (`feedSyncUrlOf`), `url` and `key` null when they cannot. */
export interface FeedSyncRow {
  feed_id: string;
  url: string | null;
  key: string | null;
}

/**
 * Every show with the URL sync apps name it by, in the snapshot's feed
 * order (by id, the empty id last): the lookup's ties go to the first show.
 * One row per show and no record parsed.
 */
export async function listFeedSyncUrls(db: IndexKysely): Promise<FeedSyncRow[]> {
  const rows = await db
    .selectFrom('feeds')
    .select(['feed_id', 'sync_url as url', 'sync_url_key as key'])
    .orderBy((eb) => eb.case().when('feed_id', '=', '').then(1).else(0).end())
    .orderBy('feed_id')
    .execute();
  return rows;
}

/** The first episode in catalog order of each value of `column` among `values`. */
async function firstByColumn(
  db: IndexKysely,
  column: 'media_key',
  values: readonly string[],
): Promise<Map<string, EpisodeRecord>> {
  if (values.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('episodes')
    .select([`${column} as value`, 'record'])
    .where(isOneOf(db, column, values))
    .orderBy('sort_date', 'desc')
    .orderBy('metadata_relpath', 'asc')
    .execute();
  const first = new Map<string, EpisodeRecord>();
  for (const row of rows) {
    if (row.value !== null && !first.has(row.value)) {
      first.set(row.value, JSON.parse(row.record) as EpisodeRecord);
    }
  }
  return first;
}

/** The first episode in catalog order whose enclosure URL has each key (`syncUrlKeyOf`). */
export function findEpisodesByMediaKeys(
  db: IndexKysely,
  keys: readonly string[],
): Promise<Map<string, EpisodeRecord>> {
  return firstByColumn(db, 'media_key', [...new Set(keys)]);
}

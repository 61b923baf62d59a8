import type { EpisodeRecord, FeedRecord, LabeledId } from '@podcast/corpus';
import { sql } from 'kysely';
import type { IndexKysely } from './index-file.js';

/** A feed row with the newest publish date among its episodes (null when none is dated). */
export interface FeedWithLatest {
  feed: FeedRecord;
  latestPublishDate: string | null;
}

/**
 * Every feed, sorted by id with the empty id last, as `buildFeedRecords`
 * sorts them (the ids compare bytewise on both engines). The newest date is
 * a max over the feed's dated episodes, found on the feed's catalog index.
 */
export async function queryFeeds(db: IndexKysely): Promise<FeedWithLatest[]> {
  const rows = await db
    .selectFrom('feeds as f')
    .select((eb) => [
      'f.record',
      eb
        .selectFrom('episodes as e')
        .select((sub) => sub.fn.max('e.sort_date').as('latest'))
        .whereRef('e.feed_id', '=', 'f.feed_id')
        .where('e.sort_date', '<>', '')
        .as('latest'),
    ])
    .orderBy((eb) => eb.case().when('f.feed_id', '=', '').then(1).else(0).end())
    .orderBy('f.feed_id')
    .execute();
  return rows.map((row) => ({
    feed: JSON.parse(row.record) as FeedRecord,
    latestPublishDate: row.latest ?? null,
  }));
}

/** The shows: every feed but the empty id's (episodes without a feed id are no show). */
export async function queryShows(db: IndexKysely): Promise<FeedRecord[]> {
  const rows = await db.selectFrom('feeds').select('record').where('feed_id', '<>', '').execute();
  return rows.map((row) => JSON.parse(row.record) as FeedRecord);
}

/** A ranked speaker with the first name in catalog order from a bridge, and from a GI. */
export interface RankedSpeaker {
  person_id: string;
  grounded: number;
  episodes: number;
  bridge_name: string | null;
  gi_name: string | null;
}

/**
 * The `limit` speakers with the most grounded insights, then the most
 * episodes, then by id (bytewise, as the JS `<` compares these ASCII ids),
 * each with the name of the newest episode (catalog order) that has one.
 */
export async function queryTopSpeakers(db: IndexKysely, limit: number): Promise<RankedSpeaker[]> {
  const ranked = db
    .selectFrom('episode_speakers')
    .select((eb) => [
      'person_id',
      // sum() is bigint on SQLite and numeric on PostgreSQL: the cast makes it a number on both.
      eb.cast<number>(eb.fn.sum('grounded'), 'integer').as('grounded_total'),
      eb.fn.countAll<number>().as('episode_total'),
    ])
    .groupBy('person_id')
    .orderBy('grounded_total', 'desc')
    .orderBy('episode_total', 'desc')
    .orderBy('person_id')
    .limit(limit);
  const firstName = (column: 'bridge_name' | 'gi_name') =>
    db
      .selectFrom('episode_speakers as s')
      .innerJoin('episodes as e', 'e.id', 's.episode')
      .select(`s.${column}`)
      .where('s.person_id', '=', sql.ref<string>('r.person_id'))
      .where(`s.${column}`, 'is not', null)
      .orderBy('e.sort_date', 'desc')
      .orderBy('e.metadata_relpath')
      .limit(1);
  // The names are looked up for the page's speakers only, after the limit.
  const rows = await db
    .selectFrom(ranked.as('r'))
    .select([
      'r.person_id',
      'r.grounded_total',
      'r.episode_total',
      firstName('bridge_name').as('bridge_name'),
      firstName('gi_name').as('gi_name'),
    ])
    .orderBy('r.grounded_total', 'desc')
    .orderBy('r.episode_total', 'desc')
    .orderBy('r.person_id')
    .execute();
  return rows.map((row) => ({
    person_id: row.person_id,
    grounded: row.grounded_total,
    episodes: row.episode_total,
    bridge_name: row.bridge_name ?? null,
    gi_name: row.gi_name ?? null,
  }));
}

/** The catalog episode whose metadata file is `metadataRelpath`, with its topics in order. */
export async function findEpisodeWithTopics(
  db: IndexKysely,
  metadataRelpath: string,
): Promise<{ episode: EpisodeRecord; topics: LabeledId[] } | undefined> {
  const row = await db
    .selectFrom('episodes')
    .select(['id', 'record'])
    .where('metadata_relpath', '=', metadataRelpath)
    .executeTakeFirst();
  if (row === undefined) {
    return undefined;
  }
  const topics = await db
    .selectFrom('episode_topics')
    .select(['topic_id as id', 'label'])
    .where('episode', '=', row.id)
    .orderBy('position')
    .execute();
  return { episode: JSON.parse(row.record) as EpisodeRecord, topics };
}

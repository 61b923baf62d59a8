import type { EpisodeRecord, LabeledId } from '@podcast/corpus';
import type { IndexKysely } from './index-file.js';

/** Inclusive publish days (`YYYY-MM-DD`), as the digest and trending windows give them. */
export interface DayBounds {
  start: string;
  end: string;
}

/** A dated episode of a day range: its row id, feed and publish day. */
export interface DatedEpisode {
  id: number;
  feed_id: string;
  sort_date: string;
}

/**
 * The episodes published within `days`, in catalog order (newest first),
 * read on the catalog index; undated episodes (`''`) are in no range.
 */
export async function queryEpisodesInDays(
  db: IndexKysely,
  days: DayBounds,
): Promise<DatedEpisode[]> {
  return db
    .selectFrom('episodes')
    .select(['id', 'feed_id', 'sort_date'])
    .where('sort_date', '<>', '')
    .where('sort_date', '>=', days.start)
    .where('sort_date', '<=', days.end)
    .orderBy('sort_date', 'desc')
    .orderBy('metadata_relpath')
    .execute();
}

/** The per-episode lists of labelled ids the index keeps in order. */
type LabeledTable = 'episode_topics';

function grouped(
  rows: ReadonlyArray<{ episode: number; id: string; label: string }>,
): Map<number, LabeledId[]> {
  const byEpisode = new Map<number, LabeledId[]>();
  for (const { episode, id, label } of rows) {
    const list = byEpisode.get(episode);
    if (list === undefined) {
      byEpisode.set(episode, [{ id, label }]);
    } else {
      list.push({ id, label });
    }
  }
  return byEpisode;
}

/** Each listed episode's topics or persons, in their stored order (episodes without any are absent). */
export async function queryLabeledOf(
  db: IndexKysely,
  table: LabeledTable,
  episodes: readonly number[],
): Promise<Map<number, LabeledId[]>> {
  if (episodes.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom(table)
    .select(['episode', 'topic_id as id', 'label'])
    .where('episode', 'in', [...episodes])
    .orderBy('episode')
    .orderBy('position')
    .execute();
  return grouped(rows);
}

/**
 * The topics or persons of every episode published within `days`, in one
 * read joined on the catalog index rather than a list of ids.
 */
export async function queryLabeledInDays(
  db: IndexKysely,
  table: LabeledTable,
  days: DayBounds,
): Promise<Map<number, LabeledId[]>> {
  const rows = await db
    .selectFrom(`${table} as l`)
    .innerJoin('episodes as e', 'e.id', 'l.episode')
    .select(['l.episode', 'l.topic_id as id', 'l.label'])
    .where('e.sort_date', '<>', '')
    .where('e.sort_date', '>=', days.start)
    .where('e.sort_date', '<=', days.end)
    .orderBy('l.episode')
    .orderBy('l.position')
    .execute();
  return grouped(rows);
}

/** The records of the listed episodes, by row id. */
export async function queryRecordsOf(
  db: IndexKysely,
  episodes: readonly number[],
): Promise<Map<number, EpisodeRecord>> {
  if (episodes.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('episodes')
    .select(['id', 'record'])
    .where('id', 'in', [...episodes])
    .execute();
  return new Map(rows.map((row) => [row.id, JSON.parse(row.record) as EpisodeRecord]));
}

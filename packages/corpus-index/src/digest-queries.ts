import { setImmediate as nextTurn } from 'node:timers/promises';
import type {
  EpisodeContent,
  EpisodeContentFilter,
  EpisodeRecord,
  FeedRecord,
  LabeledId,
} from '@podcast/corpus';
import { sql } from 'kysely';
import { jsonField, jsonFlag } from './dialect.js';
import type { IndexKysely } from './index-file.js';
import type { CorpusIndexDb } from './schema.js';

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

/** The per-episode lists of labelled ids the index keeps in order, and each one's id column. */
const LABELED = { episode_topics: 'topic_id', episode_persons: 'person_id' } as const;
type LabeledTable = keyof typeof LABELED;

/** The rows of one labelled list as `(episode, id, label)`, in stored order. */
function labeledRows(db: IndexKysely, table: LabeledTable) {
  // Both tables are (episode, position, <id>, label): typed as the topics', the id column named per table.
  return db
    .selectFrom(`${table} as l` as 'episode_topics as l')
    .select(['l.episode', sql.ref<string>(`l.${LABELED[table]}`).as('id'), 'l.label'])
    .orderBy('l.episode')
    .orderBy('l.position');
}

/** Rows gathered per episode, in their order. */
function byEpisode<R extends { episode: number }, V>(
  rows: readonly R[],
  pick: (row: R) => V,
): Map<number, V[]> {
  const gathered = new Map<number, V[]>();
  for (const row of rows) {
    const list = gathered.get(row.episode);
    if (list === undefined) {
      gathered.set(row.episode, [pick(row)]);
    } else {
      list.push(pick(row));
    }
  }
  return gathered;
}

function grouped(
  rows: ReadonlyArray<{ episode: number; id: string; label: string }>,
): Map<number, LabeledId[]> {
  return byEpisode(rows, ({ id, label }) => ({ id, label }));
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
  const rows = await labeledRows(db, table)
    .where('l.episode', 'in', [...episodes])
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
  const rows = await labeledRows(db, table)
    .innerJoin('episodes as e', 'e.id', 'l.episode')
    .where('e.sort_date', '<>', '')
    .where('e.sort_date', '>=', days.start)
    .where('e.sort_date', '<=', days.end)
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

/** A show's newest `limit` episodes in catalog order, on the feed's catalog index. */
export async function queryFeedEpisodes(
  db: IndexKysely,
  feedId: string,
  limit: number,
): Promise<Array<{ id: number; sort_date: string }>> {
  return db
    .selectFrom('episodes')
    .select(['id', 'sort_date'])
    .where('feed_id', '=', feedId)
    .orderBy('sort_date', 'desc')
    .orderBy('metadata_relpath')
    .limit(limit)
    .execute();
}

/**
 * Episodes per publish month (`YYYY-MM`, the first seven characters of the
 * day), the undated under `''`, and the number of feeds: one scan of the
 * catalog index's `sort_date` and a count of the few feed rows.
 */
export async function queryPublishMonths(
  db: IndexKysely,
): Promise<{ months: Array<{ month: string; n: number }>; feeds: number }> {
  const month = sql<string>`substr(sort_date, 1, 7)`;
  const [months, feeds] = await Promise.all([
    db
      .selectFrom('episodes')
      .select((eb) => [month.as('month'), eb.fn.countAll<number>().as('n')])
      .groupBy(month)
      .execute(),
    db
      .selectFrom('feeds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { months, feeds: feeds.n };
}

/** Episodes of one publish month (`''` undated) and feed with the same GI and KG flags (0/1). */
export interface CoverageRow {
  month: string;
  feed_id: string;
  has_gi: number;
  has_kg: number;
  n: number;
}

/**
 * The episodes counted by publish month, feed and whether their GI and KG
 * files are there (the record's flags, which the catalog pass writes), and
 * each feed's title: one scan of the episodes and the few feed rows.
 */
export async function queryCoverage(
  db: IndexKysely,
): Promise<{ rows: CoverageRow[]; titles: Map<string, string | null> }> {
  const month = sql<string>`substr(sort_date, 1, 7)`;
  const hasGi = jsonFlag(db, 'record', 'has_gi');
  const hasKg = jsonFlag(db, 'record', 'has_kg');
  const [rows, feeds] = await Promise.all([
    db
      .selectFrom('episodes')
      .select((eb) => [
        month.as('month'),
        'feed_id',
        hasGi.as('has_gi'),
        hasKg.as('has_kg'),
        eb.fn.countAll<number>().as('n'),
      ])
      .groupBy([month, 'feed_id', hasGi, hasKg])
      .execute(),
    db.selectFrom('feeds').select(['feed_id', 'record']).execute(),
  ]);
  const titles = new Map(
    feeds.map((feed) => [feed.feed_id, (JSON.parse(feed.record) as FeedRecord).title] as const),
  );
  return { rows, titles };
}

/** Episodes read per step: each step's queries hold the event loop for tens of milliseconds. */
const CONTENT_PAGE = 2000;

/**
 * One page of `queryEpisodeContent`: episodes with ids in `(after, …]`, at
 * most `pageSize`, those `filter` passes where there is one.
 */
async function episodeContentPage(
  db: IndexKysely,
  after: number,
  insightsPerEpisode: number,
  pageSize: number,
  filter: EpisodeContentFilter | undefined,
): Promise<{ rows: EpisodeContent[]; last: number | undefined }> {
  const episodes = await db
    .selectFrom('episodes')
    .select([
      'id',
      'slug',
      'feed_id',
      'episode_id',
      'sort_date',
      jsonField<CorpusIndexDb, string>(db, 'record', 'title', 'text').as('title'),
      jsonField<CorpusIndexDb, string>(db, 'record', 'podcast_title', 'text').as('podcast_title'),
      jsonField<CorpusIndexDb, number>(db, 'record', 'duration_seconds', 'number').as('duration'),
    ])
    .where('id', '>', after)
    .$if(filter !== undefined, (q) =>
      q.where((eb) => {
        const { since, feeds, slugs, topics, persons } = filter as EpisodeContentFilter;
        const listing = (table: LabeledTable, ids: readonly string[]) =>
          eb(
            'id',
            'in',
            eb
              .selectFrom(`${table} as l` as 'episode_topics as l')
              .select('l.episode')
              .where(sql.ref(`l.${LABELED[table]}`), 'in', ids),
          );
        // `sort_date` is '' when undated, below every day.
        return eb.or([
          eb('sort_date', '>=', since),
          ...(feeds.length > 0 ? [eb('feed_id', 'in', feeds)] : []),
          ...(slugs.length > 0 ? [eb('slug', 'in', slugs)] : []),
          ...(topics.length > 0 ? [listing('episode_topics', topics)] : []),
          ...(persons.length > 0 ? [listing('episode_persons', persons)] : []),
        ]);
      }),
    )
    .orderBy('id')
    .limit(pageSize)
    .execute();
  const last = episodes.at(-1)?.id;
  if (last === undefined) {
    return { rows: [], last };
  }
  // Filtered pages skip episodes: their rows are read by id, the others by range.
  const ids = filter === undefined ? undefined : episodes.map((row) => row.id);
  const [topics, persons, insights] = await Promise.all([
    labeledRows(db, 'episode_topics')
      .where('l.episode', '>', after)
      .where('l.episode', '<=', last)
      .$if(ids !== undefined, (q) => q.where('l.episode', 'in', ids as number[]))
      .execute(),
    labeledRows(db, 'episode_persons')
      .where('l.episode', '>', after)
      .where('l.episode', '<=', last)
      .$if(ids !== undefined, (q) => q.where('l.episode', 'in', ids as number[]))
      .execute(),
    db
      .selectFrom(
        db
          .selectFrom('insights')
          .select([
            'episode',
            'id',
            'text',
            sql<number>`row_number() over (partition by episode order by rank)`.as('n'),
          ])
          .where('episode', '>', after)
          .where('episode', '<=', last)
          .$if(ids !== undefined, (q) => q.where('episode', 'in', ids as number[]))
          .where('grounded', '=', 1)
          .where('text', '<>', '')
          .as('r'),
      )
      .select(['episode', 'id', 'text'])
      .where('n', '<=', insightsPerEpisode)
      .orderBy('episode')
      .orderBy('n')
      .execute(),
  ]);
  const topicsOf = byEpisode(topics, (row) => row.id);
  const personsOf = byEpisode(persons, (row) => row.id);
  const insightsOf = byEpisode(insights, ({ id, text }) => ({ id, text }));
  const rows = episodes.map((row) => ({
    episode: {
      slug: row.slug,
      feed_id: row.feed_id,
      episode_id: row.episode_id,
      title: row.title ?? '',
      podcast_title: row.podcast_title,
      publish_date: row.sort_date === '' ? null : row.sort_date,
      duration_seconds: row.duration,
    },
    topics: topicsOf.get(row.id) ?? [],
    persons: personsOf.get(row.id) ?? [],
    insights: insightsOf.get(row.id) ?? [],
  }));
  return { rows, last };
}

/**
 * Every episode, or those `filter` passes, with its topic and person ids and
 * its first `insightsPerEpisode` grounded insights with text, a page of
 * episodes at a time with a turn of the event loop between pages: the
 * insights are cut per episode in SQL, and of each record only the fields
 * shown are read.
 */
export async function queryEpisodeContent(
  db: IndexKysely,
  insightsPerEpisode: number,
  { filter, pageSize = CONTENT_PAGE }: { filter?: EpisodeContentFilter; pageSize?: number } = {},
): Promise<EpisodeContent[]> {
  const rows: EpisodeContent[] = [];
  let after = 0;
  for (;;) {
    const page = await episodeContentPage(db, after, insightsPerEpisode, pageSize, filter);
    if (page.last === undefined) {
      return rows;
    }
    rows.push(...page.rows);
    after = page.last;
    await nextTurn();
  }
}

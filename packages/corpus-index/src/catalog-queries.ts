import type { EpisodeStatus as CatalogStatus } from '@podcast/contracts';
import {
  type CatalogFilter,
  type CatalogPage,
  type EpisodeRecord,
  type FeedRecord,
  stripEpisodePrefix,
} from '@podcast/corpus';
import { type SelectQueryBuilder, sql } from 'kysely';
import { containsText, isOneOf } from './dialect.js';
import type { IndexKysely } from './index-file.js';
import type { CorpusIndexDb } from './schema.js';

type EpisodeQuery<O> = SelectQueryBuilder<CorpusIndexDb, 'episodes', O>;

/** The place of an episode in the catalog order, as a keyset cursor. */
export interface CatalogKey {
  publish_date: string | null;
  metadata_relpath: string;
}

function filtered<O>(query: EpisodeQuery<O>, filter: CatalogFilter): EpisodeQuery<O> {
  let narrowed = query;
  if (filter.feedId !== undefined) {
    narrowed = narrowed.where('feed_id', '=', filter.feedId);
  }
  if (filter.status !== undefined) {
    narrowed = narrowed.where('catalog_status', '=', filter.status satisfies CatalogStatus);
  }
  return narrowed;
}

/**
 * Catalog order (spec 04 §3, `compareEpisodes`): newest publish date first,
 * undated last ('' sorts below every date), ties by metadata relpath.
 * SQLite compares text bytewise, and so does PostgreSQL here (the columns
 * are `collate "C"`, dialect.ts); JS compares by UTF-16 unit: they agree
 * except between astral characters and U+E000-U+FFFF, which relpaths do not mix.
 */
export function inCatalogOrder<O>(query: EpisodeQuery<O>): EpisodeQuery<O> {
  return query.orderBy('sort_date', 'desc').orderBy('metadata_relpath', 'asc');
}

export function recordsOf(rows: ReadonlyArray<{ record: string }>): EpisodeRecord[] {
  return rows.map((row) => JSON.parse(row.record) as EpisodeRecord);
}

/** How many catalog episodes match `filter`, summed from the feeds' running counts. */
export async function countOf(db: IndexKysely, filter: CatalogFilter): Promise<number> {
  const column =
    filter.status === undefined ? 'episode_count' : (`${filter.status}_count` as const);
  // sum() is bigint on SQLite and numeric on PostgreSQL: the cast makes it a number on both.
  let query = db
    .selectFrom('feeds')
    .select((eb) => eb.cast<number | null>(eb.fn.sum(column), 'integer').as('n'));
  if (filter.feedId !== undefined) {
    query = query.where('feed_id', '=', filter.feedId);
  }
  const { n } = await query.executeTakeFirstOrThrow();
  return n ?? 0;
}

/**
 * One page of the newest-first catalog (pages one-based), as `catalogPage`
 * answers it. The page's ids are found on the covering order index first:
 * an OFFSET over whole rows would read every skipped record.
 */
export async function queryCatalogPage(
  db: IndexKysely,
  filter: CatalogFilter,
  paging: { page: number; pageSize: number },
): Promise<CatalogPage> {
  const start = (paging.page - 1) * paging.pageSize;
  const ids = inCatalogOrder(filtered(db.selectFrom('episodes').select('id'), filter))
    .limit(paging.pageSize)
    .offset(start);
  const [rows, total] = await Promise.all([
    inCatalogOrder(db.selectFrom('episodes').select('record').where('id', 'in', ids)).execute(),
    countOf(db, filter),
  ]);
  return {
    episodes: recordsOf(rows),
    page: paging.page,
    page_size: paging.pageSize,
    total,
    has_more: start + paging.pageSize < total,
  };
}

/** The viewer list's search filters, compared with the `episode_search` row. */
export interface EpisodeSearch {
  /** Lower-cased already (`searchNeedle`): found in the folded title. */
  title?: string | undefined;
  /** Lower-cased already: found in the folded topic text. */
  topics?: string | undefined;
  /** Only episodes whose id, without its prefixes, is one of these. */
  clusterKeys?: readonly string[] | undefined;
}

/**
 * Keeps the episodes whose search row matches. A correlated `exists`, so
 * the walk down the catalog order stops as soon as the page is full.
 */
function searched<O>(db: IndexKysely, query: EpisodeQuery<O>, search: EpisodeSearch) {
  const { title, topics, clusterKeys } = search;
  if (title === undefined && topics === undefined && clusterKeys === undefined) {
    return query;
  }
  return query.where((eb) => {
    let row = eb
      .selectFrom('episode_search as s')
      .select('s.episode')
      .whereRef('s.episode', '=', 'episodes.id');
    if (title !== undefined) {
      row = row.where(containsText(db, 's.title', title));
    }
    if (topics !== undefined) {
      row = row.where(containsText(db, 's.topics', topics));
    }
    if (clusterKeys !== undefined) {
      row = row.where(isOneOf(db, 's.cluster_key', clusterKeys));
    }
    return eb.exists(row);
  });
}

/**
 * Up to `limit` catalog episodes after `after` (from the start without
 * one): keyset paging, which costs the page and not its depth.
 */
export async function queryCatalogAfter(
  db: IndexKysely,
  filter: CatalogFilter & {
    /** YYYY-MM-DD: published on or after; undated episodes ('' here) never match. */
    since?: string | undefined;
    search?: EpisodeSearch | undefined;
  },
  after: CatalogKey | undefined,
  limit: number,
): Promise<EpisodeRecord[]> {
  let query = filtered(db.selectFrom('episodes').select('record'), filter);
  if (filter.since !== undefined) {
    query = query.where('sort_date', '>=', filter.since);
  }
  if (filter.search !== undefined) {
    query = searched(db, query, filter.search);
  }
  if (after !== undefined) {
    const date = after.publish_date ?? '';
    query = query.where((eb) =>
      eb.or([
        eb('sort_date', '<', date),
        eb.and([eb('sort_date', '=', date), eb('metadata_relpath', '>', after.metadata_relpath)]),
      ]),
    );
  }
  return recordsOf(await inCatalogOrder(query).limit(limit).execute());
}

/** The episode a slug names; the first in catalog order when two share it, as the snapshot's lookup. */
export async function findEpisodeBySlug(
  db: IndexKysely,
  slug: string,
): Promise<EpisodeRecord | undefined> {
  const row = await inCatalogOrder(
    db.selectFrom('episodes').select('record').where('slug', '=', slug),
  )
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.record) as EpisodeRecord);
}

/**
 * Every catalog episode in catalog order, `pageSize` at a time by keyset,
 * for work that reads the whole catalog without holding it (an enrichment
 * run's facts, topic labels).
 */
export async function* catalogPages(
  db: IndexKysely,
  pageSize: number,
): AsyncGenerator<EpisodeRecord[]> {
  let after: CatalogKey | undefined;
  for (;;) {
    const page = await queryCatalogAfter(db, {}, after, pageSize);
    if (page.length > 0) {
      yield page;
    }
    if (page.length < pageSize) {
      return;
    }
    after = page.at(-1);
  }
}

/** Every episode with an episode id, in catalog order: what the search index holds rows of. */
export async function listEpisodesWithIds(db: IndexKysely): Promise<EpisodeRecord[]> {
  return recordsOf(
    await inCatalogOrder(
      db.selectFrom('episodes').select('record').where('episode_id', 'is not', null),
    ).execute(),
  );
}

/** The catalog episode whose metadata file is `metadataRelpath`, as the snapshot's lookup. */
export async function findEpisodeByRelpath(
  db: IndexKysely,
  metadataRelpath: string,
): Promise<EpisodeRecord | undefined> {
  const row = await db
    .selectFrom('episodes')
    .select('record')
    .where('metadata_relpath', '=', metadataRelpath)
    .executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.record) as EpisodeRecord);
}

/**
 * Whether a catalog episode's metadata lies in the folder `prefix` (a
 * relpath, no trailing slash). Compared with `substr`, which both engines
 * read byte for byte: SQLite's LIKE ignores case, and PostgreSQL orders by
 * its collation.
 */
export async function holdsEpisodesUnder(db: IndexKysely, prefix: string): Promise<boolean> {
  const folder = `${prefix}/`;
  const row = await db
    .selectFrom('episodes')
    .select('id')
    // Both engines count characters (code points), not UTF-16 units.
    .where(sql<string>`substr(metadata_relpath, 1, ${[...folder].length})`, '=', folder)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findFeed(db: IndexKysely, feedId: string): Promise<FeedRecord | undefined> {
  const row = await db
    .selectFrom('feeds')
    .select('record')
    .where('feed_id', '=', feedId)
    .executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.record) as FeedRecord);
}

/**
 * The episodes `ids` name, by id as asked, as the snapshot's `findEpisodeById`
 * finds each: by episode_id as given, else without its `episode:` prefix,
 * the first in catalog order when two share it; unknown ids are left out.
 */
export async function findEpisodesByIds(
  db: IndexKysely,
  ids: readonly string[],
): Promise<Map<string, EpisodeRecord>> {
  const wanted = [...new Set(ids.flatMap((id) => [id, stripEpisodePrefix(id)]))];
  if (wanted.length === 0) {
    return new Map();
  }
  const rows = await inCatalogOrder(
    db
      .selectFrom('episodes')
      .select(['episode_id', 'record'])
      .where(isOneOf(db, 'episode_id', wanted)),
  ).execute();
  const byId = new Map<string, string>();
  for (const row of rows) {
    if (row.episode_id !== null && !byId.has(row.episode_id)) {
      byId.set(row.episode_id, row.record);
    }
  }
  const found = new Map<string, EpisodeRecord>();
  for (const id of ids) {
    const record = byId.get(id) ?? byId.get(stripEpisodePrefix(id));
    if (record !== undefined && !found.has(id)) {
      found.set(id, JSON.parse(record) as EpisodeRecord);
    }
  }
  return found;
}

/** Which of `slugs` name an episode of the catalog. */
export async function heldSlugs(db: IndexKysely, slugs: readonly string[]): Promise<Set<string>> {
  if (slugs.length === 0) {
    return new Set();
  }
  const rows = await db
    .selectFrom('episodes')
    .select('slug')
    .distinct()
    .where(isOneOf(db, 'slug', slugs))
    .execute();
  return new Set(rows.map((row) => row.slug));
}

/**
 * The episodes `slugs` name, in the slugs' order, each the first in catalog
 * order when two share it (as `findEpisodeBySlug`); unknown slugs are left out.
 */
export async function findEpisodesBySlugs(
  db: IndexKysely,
  slugs: readonly string[],
): Promise<EpisodeRecord[]> {
  if (slugs.length === 0) {
    return [];
  }
  const rows = await inCatalogOrder(
    db
      .selectFrom('episodes')
      .select(['slug', 'record'])
      .where(isOneOf(db, 'slug', slugs)),
  ).execute();
  const bySlug = new Map<string, string>();
  for (const row of rows) {
    if (!bySlug.has(row.slug)) {
      bySlug.set(row.slug, row.record);
    }
  }
  return slugs.flatMap((slug) => {
    const record = bySlug.get(slug);
    return record === undefined ? [] : [JSON.parse(record) as EpisodeRecord];
  });
}

/** The episodes of some shows in catalog order, at most `limit` when given. */
export async function listEpisodesOfFeeds(
  db: IndexKysely,
  feedIds: readonly string[],
  limit?: number,
): Promise<EpisodeRecord[]> {
  if (feedIds.length === 0 || limit === 0) {
    return [];
  }
  const query = inCatalogOrder(
    db
      .selectFrom('episodes')
      .select('record')
      .where(isOneOf(db, 'feed_id', feedIds)),
  );
  return recordsOf(await (limit === undefined ? query : query.limit(limit)).execute());
}

/** The records of the shows among `feedIds` the catalog holds, by feed id. */
export async function findFeeds(
  db: IndexKysely,
  feedIds: readonly string[],
): Promise<Map<string, FeedRecord>> {
  if (feedIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('feeds')
    .select(['feed_id', 'record'])
    .where(isOneOf(db, 'feed_id', feedIds))
    .execute();
  return new Map(rows.map((row) => [row.feed_id, JSON.parse(row.record) as FeedRecord]));
}

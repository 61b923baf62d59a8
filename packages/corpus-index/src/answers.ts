import type {
  CorpusEpisodeDetail,
  CorpusFeed,
  EpisodeCatalogItem,
  EpisodeDetail,
  EpisodeList,
  FeedEpisodeListQuery,
  InsightList,
  PodcastItem,
  TopPerson,
} from '@podcast/contracts';
import {
  buildCorpusEpisodeDetail,
  buildCorpusEpisodeRow,
  type CatalogFilter,
  type CorpusEpisodePage,
  type CorpusPlace,
  catalogItemOf,
  cilDigestTopics,
  corpusFeedOf,
  decodeEpisodeCursor,
  type EpisodeFilter,
  type EpisodeRecord,
  encodeEpisodeCursor,
  episodeDetailOf,
  type FeedRecord,
  podcastItemsOf,
  rankTrendingShows,
  readTopicClusterIndex,
  searchNeedle,
  topPersonOf,
  trendingShowsWindow,
} from '@podcast/corpus';
import {
  findEpisodeWithTopics,
  queryFeeds,
  queryShows,
  queryTopSpeakers,
} from './browse-queries.js';
import {
  findEpisodeBySlug,
  findFeed,
  queryCatalogAfter,
  queryCatalogPage,
} from './catalog-queries.js';
import type { IndexKysely } from './index-file.js';
import { queryInsightList } from './insight-queries.js';

async function feedsOf(
  db: IndexKysely,
  episodes: readonly EpisodeRecord[],
): Promise<Map<string, FeedRecord>> {
  const ids = [...new Set(episodes.map((episode) => episode.feed_id))];
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db.selectFrom('feeds').select('record').where('feed_id', 'in', ids).execute();
  const feeds = rows.map((row) => JSON.parse(row.record) as FeedRecord);
  return new Map(feeds.map((feed) => [feed.feed_id, feed]));
}

/** The catalog list envelope (`/api/app/episodes` and a show's episodes), from the index. */
export async function episodeListFromIndex(
  db: IndexKysely,
  filter: CatalogFilter,
  query: Pick<FeedEpisodeListQuery, 'page' | 'page_size'>,
): Promise<EpisodeList> {
  const paging = { page: query.page, pageSize: query.page_size };
  const { episodes, ...envelope } = await queryCatalogPage(db, filter, paging);
  const feeds = await feedsOf(db, episodes);
  return {
    items: episodes.map((episode) => catalogItemOf(episode, feeds.get(episode.feed_id))),
    ...envelope,
  };
}

/** The episode page of a slug, or undefined for an unknown slug. */
export async function episodeDetailFromIndex(
  db: IndexKysely,
  slug: string,
): Promise<EpisodeDetail | undefined> {
  const episode = await findEpisodeBySlug(db, slug);
  return episode && episodeDetailOf(episode, await findFeed(db, episode.feed_id));
}

/** An episode's insights with their quotes, or undefined for an unknown slug. */
export async function insightListFromIndex(
  db: IndexKysely,
  slug: string,
): Promise<InsightList | undefined> {
  const episode = await findEpisodeBySlug(db, slug);
  return episode && (await queryInsightList(db, episode.metadata_relpath));
}

/**
 * One page of the viewer's `GET /api/corpus/episodes`, as `pageCorpusEpisodes`
 * answers it: one row more than the page says whether a next cursor is due.
 * `q` and `topic_q` are folded by the projection's `searchNeedle` and found
 * in the text its `episodeSearchText` folded at ingest.
 */
export async function corpusEpisodePageFromIndex(
  db: IndexKysely,
  filter: { [K in keyof EpisodeFilter]?: EpisodeFilter[K] | undefined },
  request: { cursor?: string | undefined; limit: number },
): Promise<CorpusEpisodePage> {
  const after = request.cursor === undefined ? undefined : decodeEpisodeCursor(request.cursor);
  const clustered = filter.clusteredEpisodeIds;
  const search = {
    title: searchNeedle(filter.q),
    topics: searchNeedle(filter.topic_q),
    clusterKeys: clustered === undefined ? undefined : [...clustered],
  };
  const rows = await queryCatalogAfter(
    db,
    { feedId: filter.feed_id, since: filter.since, search },
    after,
    request.limit + 1,
  );
  const page = rows.slice(0, request.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(buildCorpusEpisodeRow),
    next_cursor:
      rows.length > request.limit && last !== undefined
        ? encodeEpisodeCursor({
            publish_date: last.publish_date,
            metadata_relpath: last.metadata_relpath,
          })
        : null,
  };
}

/**
 * The app's shows (`GET /api/app/podcasts`), by title as `podcastItemsOf`
 * sorts them: the order is a locale collation (numeric, case- and
 * accent-blind) that neither engine shares, so the few feed rows are sorted in JS.
 */
export async function podcastListFromIndex(
  db: IndexKysely,
): Promise<{ items: readonly PodcastItem[] }> {
  return { items: podcastItemsOf(await queryShows(db)) };
}

/** The viewer's feeds (`GET /api/corpus/feeds`), as `corpusFeedsOf` answers them. */
export async function corpusFeedsFromIndex(db: IndexKysely): Promise<CorpusFeed[]> {
  const rows = await queryFeeds(db);
  return rows.map((row) => corpusFeedOf(row.feed, row.latestPublishDate));
}

/** The `limit` top speakers (`GET /api/corpus/persons/top`), as `topPersonsOf` ranks and names them. */
export async function topPersonsFromIndex(db: IndexKysely, limit: number): Promise<TopPerson[]> {
  const rows = await queryTopSpeakers(db, limit);
  return rows.map((row) =>
    topPersonOf(row.person_id, row.bridge_name ?? row.gi_name ?? undefined, row),
  );
}

/**
 * The viewer's episode detail (`GET /api/corpus/episodes/detail`) of the
 * catalog episode at `metadataRelpath`, or undefined when there is none.
 * Its topic pills take the stored topics through the cluster file of
 * `place`, read as the projection reads it.
 */
export async function corpusEpisodeDetailFromIndex(
  db: IndexKysely,
  place: CorpusPlace,
  metadataRelpath: string,
): Promise<CorpusEpisodeDetail | undefined> {
  const found = await findEpisodeWithTopics(db, metadataRelpath);
  if (found === undefined) {
    return undefined;
  }
  const { episode, topics } = found;
  const pills = cilDigestTopics(topics, episode.episode_id, await readTopicClusterIndex(place));
  return buildCorpusEpisodeDetail(place.root, episode, pills);
}

/** Catalog records read at a time while looking for the discover shelf's recent episodes. */
const RECENT_BATCH = 100;

/**
 * The landing feed's newest episodes with insights, as
 * `recentEpisodesWithInsights` picks them: dated episodes with a GI file,
 * walked down the catalog order by keyset until `limit` are found or the
 * dated episodes (which come first) end.
 */
export async function recentEpisodesWithInsightsFromIndex(
  db: IndexKysely,
  limit: number,
): Promise<EpisodeCatalogItem[]> {
  const picked: EpisodeRecord[] = [];
  let after: EpisodeRecord | undefined;
  while (picked.length < limit) {
    const batch = await queryCatalogAfter(db, {}, after, RECENT_BATCH);
    for (const episode of batch) {
      if (picked.length < limit && episode.has_gi && episode.publish_date !== null) {
        picked.push(episode);
      }
    }
    after = batch.at(-1);
    if (batch.length < RECENT_BATCH || after?.publish_date === null) {
      break;
    }
  }
  const feeds = await feedsOf(db, picked);
  return picked.map((episode) => catalogItemOf(episode, feeds.get(episode.feed_id)));
}

/** The landing feed's trending shows, as `trendingShows` ranks them, from per-feed counts. */
export async function trendingShowsFromIndex(db: IndexKysely, now: Date, limit: number) {
  const { since, today } = trendingShowsWindow(now);
  const [feeds, counts] = await Promise.all([
    queryFeeds(db),
    db
      .selectFrom('episodes')
      .select((eb) => ['feed_id', eb.fn.countAll<number | string | bigint>().as('n')])
      .where('sort_date', '>=', since)
      .where('sort_date', '<=', today)
      .groupBy('feed_id')
      .execute(),
  ]);
  const recent = new Map(counts.map((row) => [row.feed_id, Number(row.n)]));
  const latest = new Map(feeds.map((row) => [row.feed.feed_id, row.latestPublishDate]));
  return rankTrendingShows(
    feeds.map((row) => row.feed),
    recent,
    latest,
    limit,
  );
}

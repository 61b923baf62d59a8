import type {
  CorpusEpisodeDetail,
  CorpusFeed,
  EpisodeDetail,
  EpisodeList,
  FeedEpisodeListQuery,
  InsightList,
  PodcastItem,
  TopPerson,
} from '@podcast/contracts';
import {
  type BandTopicIds,
  bandMatcher,
  buildCorpusEpisodeDetail,
  buildCorpusEpisodeRow,
  type CatalogFilter,
  type CorpusDigest,
  type CorpusEpisodePage,
  type CorpusPlace,
  type CorpusStatsBody,
  type CorpusTrending,
  catalogItemOf,
  cilDigestTopics,
  corpusFeedOf,
  corpusStatsFrom,
  type DigestBandConfig,
  type DigestRequest,
  decodeEpisodeCursor,
  digestOf,
  digestPlanOf,
  digestRowFrom,
  digestRowOptionsOf,
  type EpisodeFilter,
  type EpisodeRecord,
  encodeEpisodeCursor,
  episodeDetailOf,
  type FeedRecord,
  type FeedSignals,
  feedSignalsFrom,
  type LabeledId,
  monthHistogramOf,
  podcastItemsOf,
  readTopicClusterIndex,
  searchNeedle,
  selectDigest,
  topPersonOf,
  trendingFrom,
  trendingPeriodsOf,
} from '@podcast/corpus';
import {
  findEpisodeWithTopics,
  queryFeeds,
  queryPublishMonths,
  queryShows,
  queryTopSpeakers,
} from './browse-queries.js';
import {
  findEpisodeBySlug,
  findFeed,
  queryCatalogAfter,
  queryCatalogPage,
} from './catalog-queries.js';
import {
  type DatedEpisode,
  queryEpisodesInDays,
  queryFeedEpisodes,
  queryLabeledInDays,
  queryLabeledOf,
  queryRecordsOf,
} from './digest-queries.js';
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

/** One matcher per band list, so each topic label is normalised once, not once per digest. */
const matchers = new WeakMap<
  readonly DigestBandConfig[],
  (topics: readonly LabeledId[]) => BandTopicIds
>();

function matcherOf(bands: readonly DigestBandConfig[]) {
  let matcher = matchers.get(bands);
  if (matcher === undefined) {
    matcher = bandMatcher(bands);
    matchers.set(bands, matcher);
  }
  return matcher;
}

const NO_TOPICS: readonly LabeledId[] = [];

/**
 * The viewer's digest (`GET /api/corpus/digest`), as `buildCorpusDigest`
 * makes it: the window's episodes and, when the bands are on, their topics
 * come from SQL; only the records of the rows shown are read and parsed.
 */
export async function corpusDigestFromIndex(
  db: IndexKysely,
  request: DigestRequest,
): Promise<CorpusDigest> {
  const plan = digestPlanOf(request);
  const inWindow = await queryEpisodesInDays(db, plan.range);
  const windowTopics = plan.withTopics
    ? await queryLabeledInDays(db, 'episode_topics', plan.range)
    : new Map<number, LabeledId[]>();
  const match = matcherOf(request.bands);
  const selection = selectDigest(
    plan,
    inWindow,
    (episode) => episode.feed_id,
    (episode) => match(windowTopics.get(episode.id) ?? NO_TOPICS),
    request.bands,
  );
  const shown = [
    ...new Set(
      [...selection.picked, ...selection.bands.flatMap((band) => band.items)].map((e) => e.id),
    ),
  ];
  const [records, shownTopics] = await Promise.all([
    queryRecordsOf(db, shown),
    plan.withTopics ? windowTopics : queryLabeledOf(db, 'episode_topics', shown),
  ]);
  const options = digestRowOptionsOf(plan, request.clusters);
  return digestOf(plan, inWindow.length, selection, (episode: DatedEpisode) =>
    digestRowFrom(
      records.get(episode.id) as EpisodeRecord,
      shownTopics.get(episode.id) ?? NO_TOPICS,
      options,
    ),
  );
}

/**
 * The whole trending ranking as of `now`'s UTC day (`GET /api/corpus/trending`),
 * as `corpusTrending` ranks it before its limit: both periods' episodes in
 * catalog order with their topics and persons, read in three queries.
 */
export async function corpusTrendingFromIndex(db: IndexKysely, now: Date): Promise<CorpusTrending> {
  const periods = trendingPeriodsOf(now);
  const days = { start: periods.previousStart, end: periods.asOf };
  const [episodes, topics, persons] = await Promise.all([
    queryEpisodesInDays(db, days),
    queryLabeledInDays(db, 'episode_topics', days),
    queryLabeledInDays(db, 'episode_persons', days),
  ]);
  const signalsOf = (episode: DatedEpisode) => ({
    topics: topics.get(episode.id) ?? NO_TOPICS,
    persons: persons.get(episode.id) ?? NO_TOPICS,
  });
  const isCurrent = (episode: DatedEpisode) => episode.sort_date >= periods.currentStart;
  return trendingFrom(
    periods,
    episodes.filter(isCurrent).map(signalsOf),
    episodes.filter((episode) => !isCurrent(episode)).map(signalsOf),
  );
}

/**
 * A show's topic distribution and cadence (`GET /api/corpus/feed-signals`),
 * as `feedSignals` makes them, or undefined when the corpus has no such feed.
 */
export async function feedSignalsFromIndex(
  db: IndexKysely,
  feedId: string,
  options: { topK: number; maxEpisodes: number },
): Promise<FeedSignals | undefined> {
  const feed = await findFeed(db, feedId);
  if (feed === undefined) {
    return undefined;
  }
  const episodes = await queryFeedEpisodes(db, feedId, options.maxEpisodes);
  const topics = await queryLabeledOf(
    db,
    'episode_topics',
    episodes.map((episode) => episode.id),
  );
  return feedSignalsFrom(
    feed,
    episodes.map((episode) => ({
      publish_date: episode.sort_date === '' ? null : episode.sort_date,
      topics: topics.get(episode.id) ?? NO_TOPICS,
    })),
    options.topK,
  );
}

/** The corpus stats (`GET /api/corpus/stats`), as `corpusStatsOf` counts them. */
export async function corpusStatsFromIndex(db: IndexKysely): Promise<CorpusStatsBody> {
  const { months, feeds } = await queryPublishMonths(db);
  const undated = months.find((row) => row.month === '')?.n ?? 0;
  const dated = months.filter((row) => row.month !== '').map((row) => [row.month, row.n] as const);
  return corpusStatsFrom(monthHistogramOf(dated, undated), feeds);
}

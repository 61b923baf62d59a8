import {
  type BandTopicIds,
  bandMatcher,
  type CorpusDigest,
  type CorpusStatsBody,
  type CorpusTrending,
  type CoverageReport,
  corpusStatsFrom,
  coverageReportOf,
  type DigestBandConfig,
  type DigestRequest,
  digestOf,
  digestPlanOf,
  digestRowFrom,
  digestRowOptionsOf,
  type EpisodeRecord,
  type FeedSignals,
  feedSignalsFrom,
  type LabeledId,
  monthHistogramOf,
  rankTrending,
  selectDigest,
  TRENDING_PERIOD_DAYS,
  trendingFrom,
  trendingPeriodsOf,
} from '@podcast/corpus';
import { findFeed } from './catalog-queries.js';
import {
  type DatedEpisode,
  queryCoverage,
  queryEpisodesInDays,
  queryFeedEpisodes,
  queryLabeledInDays,
  queryLabeledOf,
  queryPublishMonths,
  queryRecordsOf,
} from './digest-queries.js';
import type { IndexKysely } from './index-file.js';

/*
 * The viewer's cross-episode answers (digest, trending, feed signals,
 * stats): their inputs read in SQL, the answers made by packages/corpus's
 * own functions, as the projection makes them.
 */

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
 * The app's trending topics as of `now`'s UTC day, `limit` of them: the
 * topics half of `corpusTrendingFromIndex`, without reading the persons.
 */
export async function trendingTopicsFromIndex(
  db: IndexKysely,
  now: Date,
  limit: number,
): Promise<Pick<CorpusTrending, 'as_of' | 'period_days' | 'topics'>> {
  const periods = trendingPeriodsOf(now);
  const days = { start: periods.previousStart, end: periods.asOf };
  const [episodes, topics] = await Promise.all([
    queryEpisodesInDays(db, days),
    queryLabeledInDays(db, 'episode_topics', days),
  ]);
  const topicsOf = (episode: DatedEpisode) => topics.get(episode.id) ?? NO_TOPICS;
  const isCurrent = (episode: DatedEpisode) => episode.sort_date >= periods.currentStart;
  return {
    as_of: periods.asOf,
    period_days: TRENDING_PERIOD_DAYS,
    topics: rankTrending(
      episodes.filter(isCurrent).map(topicsOf),
      episodes.filter((episode) => !isCurrent(episode)).map(topicsOf),
    ).slice(0, limit),
  };
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

/**
 * The GI/KG coverage (`GET /api/corpus/coverage`), as `corpusCoverageOf`
 * counts it: a feed's title is its record's, the first titled episode in
 * catalog order, which is the title the projection's report takes.
 */
export async function corpusCoverageFromIndex(db: IndexKysely): Promise<CoverageReport> {
  const { rows, titles } = await queryCoverage(db);
  return coverageReportOf(
    rows.map((row) => ({
      month: row.month === '' ? null : row.month,
      feed_id: row.feed_id,
      has_gi: Number(row.has_gi) === 1,
      has_kg: Number(row.has_kg) === 1,
      episodes: row.n,
    })),
    (feedId) => titles.get(feedId) ?? null,
  );
}

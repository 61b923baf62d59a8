// The corpus index: an SQLite file shared by every process on one DATA_DIR,
// or a PostgreSQL database shared by processes on several machines.

export {
  corpusEpisodeDetailFromIndex,
  corpusEpisodePageFromIndex,
  corpusFeedsFromIndex,
  episodeDetailFromIndex,
  episodeListFromIndex,
  insightListFromIndex,
  podcastListFromIndex,
  recentEpisodesWithInsightsFromIndex,
  topPersonsFromIndex,
  trendingShowsFromIndex,
} from './answers.js';
export { artifactListFromIndex } from './artifact-queries.js';
export type { CatalogKey } from './catalog-queries.js';
export {
  catalogPages,
  findEpisodeByRelpath,
  findEpisodeBySlug,
  findEpisodesByIds,
  findEpisodesBySlugs,
  findFeed,
  findFeeds,
  heldSlugs,
  holdsEpisodesUnder,
  listEpisodesOfFeeds,
  listEpisodesWithIds,
  queryCatalogAfter,
  queryCatalogPage,
} from './catalog-queries.js';
export type {
  CorpusIndex,
  CorpusIndexConfig,
  CorpusIndexOptions,
  CorpusIndexStatus,
  CorpusIndexTiming,
  IndexLocation,
  IndexNeeds,
} from './corpus-index.js';
export {
  builtView,
  openCatalogReader,
  openConfiguredCorpusIndex,
  openCorpusIndex,
  safetyRescanPauseMs,
  servingView,
} from './corpus-index.js';
export { PG_SCHEMA } from './dialect.js';
export {
  corpusCoverageFromIndex,
  corpusDigestFromIndex,
  corpusStatsFromIndex,
  corpusTrendingFromIndex,
  feedSignalsFromIndex,
  trendingTopicsFromIndex,
} from './digest-answers.js';
export { queryEpisodeContent } from './digest-queries.js';
export type { ExploreIndexKey, InsightTerms } from './explore-queries.js';
export { queryExploreKeys, queryExploreRows } from './explore-queries.js';
export {
  conversationArcFromIndex,
  coSpeakersFromIndex,
  crossShowFromIndex,
  episodeInsightsFromIndex,
  episodeTopicsFromIndex,
  personBriefFromIndex,
  personPositionsFromIndex,
  personTopicsFromIndex,
  perspectiveLeadersFromIndex,
  podcastEpisodesFromIndex,
  relatedTopicsFromIndex,
  topicPersonsFromIndex,
  topicPerspectivesFromIndex,
  topicTimelineFromIndex,
  whoSaidFromIndex,
} from './graph-queries.js';
export { onIndexChange } from './index-changes.js';
export type { IndexConnection, IndexKysely } from './index-file.js';
export { openIndexReader, openIndexWriter, SCHEMA_VERSION } from './index-file.js';
export type { CorpusIndexPool, IndexPoolOptions } from './index-pool.js';
export { createCorpusIndexPool } from './index-pool.js';
export type { IndexHandle, IndexView } from './index-store.js';
export type { IngestDeps, IngestReport } from './ingest.js';
export { IngestLockLost, ingestCorpus } from './ingest.js';
export type { IngestLock } from './ingest-lock.js';
export { openIngestLock } from './ingest-lock.js';
export {
  findEpisodeOfInsight,
  queryInsightList,
  queryTermCounts,
  queryTermTexts,
} from './insight-queries.js';
export { openPgIndexReader, openPgIndexWriter } from './pg-index.js';
export type { CandidateSelection, InsightCandidate } from './relational-queries.js';
export {
  entitiesInFromIndex,
  INSIGHT_CANDIDATES,
  insightDetailFromIndex,
  insightsAboutFromIndex,
  nodeEpisodesFromIndex,
  relatedInsightsFromIndex,
  statedByFromIndex,
  topicEntitiesFromIndex,
} from './relational-queries.js';
export { catalogEpisodeCount, rollbackCorpusOfIndex } from './rollback-queries.js';
export type { CorpusIndexDb } from './schema.js';
export type { FeedSyncRow } from './sync-queries.js';
export { findEpisodesByMediaKeys, listFeedSyncUrls } from './sync-queries.js';

export type { BuildOutcome, BuildSource } from './build/build-index.js';
export { buildIndex, snapshotBuildSource } from './build/build-index.js';
export { acquireRebuildLock, isLockHeld } from './build/rebuild-lock.js';
export type { RebuildEvent, RebuildStart } from './build/run-rebuild.js';
export { startRebuild } from './build/run-rebuild.js';
export type { TopicClustersDocument, TopicVector } from './clusters/cluster-topics.js';
export { clusterTopics } from './clusters/cluster-topics.js';
export type { TopicLabelSource } from './clusters/rebuild-topic-clusters.js';
export { catalogTopicLabels, snapshotTopicLabels } from './clusters/rebuild-topic-clusters.js';
export type { DocType, IndexDocument, SourceTier } from './documents/index-document.js';
export { ALL_DOC_TYPES, scopeOf, tierOf } from './documents/index-document.js';
export type {
  ExploreFilter,
  ExploreKey,
  ExploreRow,
  ExploreSort,
  ExploreSource,
  ExploreTerms,
} from './explore/explore-insights.js';
export { exploreFrom, exploreInsights, sortExploreRows } from './explore/explore-insights.js';
export type { IndexStats } from './index-stats.js';
export { indexStats } from './index-stats.js';
export type { SubjectComparison } from './query/compare-subjects.js';
export { compareSubjects } from './query/compare-subjects.js';
export { appendQueryLog } from './query/query-log.js';
export type { QueryType } from './query/query-type.js';
export { classifyQuery } from './query/query-type.js';
export type { FusedItem } from './query/rank-fusion.js';
export { RRF_K, reciprocalRankFusion } from './query/rank-fusion.js';
export type { SearchMode } from './query/ranked-lists.js';
export type { SearchCorpus } from './query/search-corpus.js';
export {
  placeSearchCorpus,
  rowsOnlySearchCorpus,
  snapshotSearchCorpus,
} from './query/search-corpus.js';
export type { SearchFilter } from './query/search-filter.js';
export type { SearchHit, SupportingQuote } from './query/search-hits.js';
export type { SimilarEpisodes } from './query/similar-episodes.js';
export { findSimilarEpisodes } from './query/similar-episodes.js';
export type { LiftedHit } from './query/transcript-lift.js';
export { evaluateRelevance } from './relevance/evaluate-relevance.js';
export type { RelevanceScore } from './relevance/relevance-metrics.js';
export type { RelevanceCase } from './relevance/sample-queries.js';
export { SAMPLE_RELEVANCE_CASES } from './relevance/sample-queries.js';
export type {
  ClusterRebuildStart,
  ExclusiveOutcome,
  OpenIndex,
  SearchOutcome,
  SearchRequest,
  SearchService,
  SearchServiceOptions,
} from './search-service.js';
export { createSearchService } from './search-service.js';
export type { FingerprintSource } from './store/fingerprints.js';
export { snapshotFingerprintSource } from './store/fingerprints.js';
export type { IndexMeta } from './store/index-meta.js';
export { readIndexMeta } from './store/index-meta.js';
export type { IndexPaths } from './store/index-paths.js';
export { indexPathsOf } from './store/index-paths.js';

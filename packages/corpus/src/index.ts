// Registry and snapshot: one live snapshot per corpus root.

export type { CorpusCaches, CorpusPlace } from './caches/corpus-caches.js';
export { clearCorpusCaches, corpusCacheStats } from './caches/corpus-caches.js';
export type { CacheStats } from './caches/file-cache.js';
export type { CorpusRoots, LocatedCorpusPath } from './roots/corpus-roots.js';
export {
  assertRelativePath,
  isCorpusLayout,
  isInsideDir,
  locateCorpusPath,
  realFileInsideRoot,
  resolveCorpusRoot,
  resolveInsideRoot,
} from './roots/corpus-roots.js';
export type { SyncCounters } from './snapshot/corpus-cache.js';
export type {
  CorpusRegistry,
  CorpusRegistryOptions,
  CorpusServingSettings,
} from './snapshot/corpus-registry.js';
export { createCorpusRegistry, servingRegistryOptions } from './snapshot/corpus-registry.js';
export type { CorpusSnapshot, SnapshotStats } from './snapshot/corpus-snapshot.js';
export { requireLayers } from './snapshot/corpus-snapshot.js';
export type { ProjectionStoreStatus } from './snapshot/projection-store.js';
export type { RootStatus } from './snapshot/root-status.js';

// Snapshot records: episodes, feeds and their artifacts.

export { artworkUrl } from './readers/episode-fields.js';
export type { ArtifactKind } from './readers/metadata.js';
export type { EpisodeRecord, EpisodeStatus } from './records/episode-record.js';
export type { FeedRecord } from './records/feeds.js';
export type { OriginTranscript } from './records/origin-links.js';
export { slugify } from './records/slug.js';
export type { EpisodeSummary } from './records/summary-preview.js';
export { stem, stemsOf, termDocumentsOf, wordsOf } from './records/term-stems.js';
export type { ArtifactEntry } from './snapshot/artifacts.js';
export { readArtifactJson } from './snapshot/artifacts.js';
export { perSnapshot } from './snapshot/snapshot-memo.js';

// Graph layers (GI, KG, bridge), insights and transcript segments.

export type { EpisodeFiles } from './caches/layer-reads.js';
export { pagesWithLayers, readEpisodeLayers } from './caches/layer-reads.js';
export { readSegments } from './caches/segment-reads.js';
export type { ListedInsight, ListedQuote } from './graph/insight-projection.js';
export {
  listedInsightOf,
  projectInsights,
  quotesOfInsight,
  topicLabelsOf,
} from './graph/insight-projection.js';
export { speakersOfQuotes } from './graph/speakers.js';
export type { BridgeIdentity, NormalizedBridge } from './readers/bridge-reader.js';
export { displayNameIn } from './readers/bridge-reader.js';
export type { EpisodeLayers } from './readers/episode-layers.js';
export type {
  GraphOrg,
  GraphPerson,
  GraphTopic,
  NormalizedGraph,
  NormalizedInsight,
  NormalizedQuote,
} from './readers/gi-graph.js';
export type { KgOrg, KgPerson, KgTopic, NormalizedKg } from './readers/kg-reader.js';
export type {
  EpisodeSegments,
  SegmentRow,
  SegmentsVariant,
  TranscriptFamily,
} from './readers/segments.js';
export { transcriptFamilyOf } from './readers/segments.js';

// Catalog: consumer-facing podcasts, episodes, insights and topic overlays.

export { catalogItemOf, episodeDetailOf } from './catalog/catalog-item.js';
export type { CatalogFilter, CatalogPage, CatalogSource } from './catalog/catalog-page.js';
export { catalogPage } from './catalog/catalog-page.js';
export {
  rankTrendingShows,
  recentEpisodesWithInsights,
  trendingShows,
  trendingShowsWindow,
} from './catalog/discover.js';
export { episodeEntitiesOf } from './catalog/episode-entities.js';
export { insightListOf, projectInsightList } from './catalog/insight-list.js';
export { podcastItemsOf, podcastListOf } from './catalog/podcast-list.js';
export { segmentsContractOf } from './catalog/segments-contract.js';
export {
  episodeDetailFromSnapshot,
  episodeListFromSnapshot,
  insightListFromSnapshot,
} from './catalog/snapshot-answers.js';
export { loadTopicOverlays } from './catalog/topic-overlay-files.js';
export type { TopicGroup, TopicOverlays } from './catalog/topic-overlays.js';
export { NO_TOPIC_OVERLAYS, STORYLINE_FLOOR } from './catalog/topic-overlays.js';

// Clusters: topic and theme cluster files, storylines, themes.

export type { TopicClustersFile } from './clusters/cluster-files.js';
export {
  readThemeClusters,
  readTopicClusters,
  TOPIC_CLUSTERS_RELPATH,
} from './clusters/cluster-files.js';
export { clusterFilesStamp } from './clusters/cluster-files-stamp.js';
export type { ClusterSummary } from './clusters/cluster-record.js';
export type { StorylineSummary } from './clusters/storyline-projection.js';
export { projectStorylines } from './clusters/storyline-projection.js';
export { projectThemes } from './clusters/theme-projection.js';
export type { TopicClusterIndex } from './clusters/topic-cluster-index.js';
export {
  EMPTY_TOPIC_CLUSTER_INDEX,
  readTopicClusterIndex,
  topicClusterIndexOf,
} from './clusters/topic-cluster-index.js';
export type { CilDigestTopicPill } from './digest/cil-digest-topics.js';
export { cilDigestTopics } from './digest/cil-digest-topics.js';

// Graph queries: the relational layer and the CIL routes over the graph index.

export {
  readInsightSentiments,
  sentimentLookup,
  sentimentSidecarOf,
  sentimentsOfText,
} from './browse/insight-sentiment.js';
export type {
  ArcCount,
  InsightTypes,
  PerspectiveEntry,
  PerspectiveGroup,
  SentimentMix,
  SentimentOf,
  TimelineCard,
} from './graph/cil-queries.js';
export {
  arcCountOf,
  BRIEF_INSIGHTS_PER_TOPIC,
  BRIEF_TOPICS,
  briefQuotes,
  conversationArc,
  conversationArcOfCounts,
  joinCilInsight,
  LEADERS_PER_TOPIC,
  PERSPECTIVE_INSIGHTS,
  personBrief,
  personPositions,
  personTopics,
  perspectiveLeaders,
  perspectivesOf,
  perspectivesOfGroups,
  timelineCardOf,
  timelineEpisode,
  topicPersons,
  topicPerspectives,
  topicTimeline,
  typesEcho,
} from './graph/cil-queries.js';
export type { GraphEpisodeLayers, GraphIndex, GraphInsight } from './graph/graph-index.js';
export { graphIndexOf, requestedGraphId } from './graph/graph-index.js';
export { isoWeekLabel, mondayOf } from './graph/iso-week.js';
export type {
  CandidateReading,
  InsightRanker,
  InsightSelection,
  ShowInsight,
} from './graph/relational.js';
export {
  coSpeakers,
  crossShow,
  crossShowOf,
  entitiesIn,
  episodeInsights,
  episodeNode,
  episodeTopics,
  insightDetail,
  insightDetailNodes,
  insightNode,
  insightNodeOf,
  insightRankKey,
  insightsAbout,
  labeledNode,
  NODE_PREFIXES,
  podcastEpisodes,
  podcastFeedId,
  rankCandidates,
  rankSelection,
  relatedInsights,
  relatedTopics,
  statedBy,
  topicEntities,
  whoSaid,
} from './graph/relational.js';
export { labelFromId } from './readers/graph-nodes.js';
export type {
  EpisodeSentiments,
  InsightSentiment,
  SentimentLabel,
} from './readers/sentiment-sidecar.js';
export {
  isSentimentSidecarName,
  sentimentSidecarOwnersOf,
} from './readers/sentiment-sidecar.js';

// Rollback: runs and episodes moved to the trash, and restored from it.

export { applyRestore, applyRollback } from './rollback/apply-rollback.js';
export type { CostReaggregation } from './rollback/manifest-cost.js';
export type {
  RollbackCorpus,
  RollbackEpisode,
  RollbackPlan,
  RollbackScope,
} from './rollback/rollback-plan.js';
export {
  planEpisodeRollback,
  planRunRollback,
  rollbackCorpusOfSnapshot,
  rollbackEpisode,
} from './rollback/rollback-plan.js';
export type { RestoreOutcome, TrashEntry } from './rollback/trash.js';
export { listTrash, TRASH_DIR, TRASH_ID } from './rollback/trash.js';

// Browse: viewer corpus listings, metrics, documents and enrichments.

export type { CorpusEpisodeListRequest, CorpusEpisodePage } from './browse/corpus-episode-list.js';
export { pageCorpusEpisodes } from './browse/corpus-episode-list.js';
export {
  buildCorpusEpisodeDetail,
  buildCorpusEpisodeRow,
  corpusEpisodeDetail,
} from './browse/corpus-episode-row.js';
export { corpusFeedOf } from './browse/corpus-feeds.js';
export type { CorpusStatsBody, NodeEpisodesResult } from './browse/corpus-metrics.js';
export {
  corpusCoverageOf,
  corpusFeedsOf,
  corpusStatsFrom,
  corpusStatsOf,
  findNodeEpisodes,
  nodeEpisodesOf,
  topPersonsOf,
} from './browse/corpus-metrics.js';
export {
  listCorpusEnrichments,
  readCorpusEnrichment,
  readEpisodeEnrichment,
} from './browse/enrichment-files.js';
export type { ArtifactResolution } from './browse/episode-artifact-paths.js';
export { resolveEpisodeArtifacts } from './browse/episode-artifact-paths.js';
export { decodeEpisodeCursor, encodeEpisodeCursor } from './browse/episode-cursor.js';
export type { EpisodeFilter, EpisodeSearchText } from './browse/episode-filter.js';
export { episodeSearchText, searchNeedle } from './browse/episode-filter.js';
export { episodeTopicPills } from './browse/episode-topic-pills.js';
export { nodeIdsOf } from './browse/node-episodes.js';
export { opsSummary } from './browse/ops-summary.js';
export type { CoverageGroup, CoverageReport } from './browse/publish-months.js';
export { coverageReportOf, monthHistogramOf } from './browse/publish-months.js';
export { dailyActivity, readQueryCounts } from './browse/query-activity.js';
export { readRunSummaries } from './browse/run-files.js';
export type { EpisodeSpeaker } from './browse/top-persons.js';
export { episodeSpeakersOf, topPersonOf } from './browse/top-persons.js';
export { readClusteredEpisodeIds } from './browse/topic-cluster-episodes.js';
export type { CorpusDocumentName } from './caches/corpus-documents.js';
export { readCorpusDocument } from './caches/corpus-documents.js';
export { canonicalPersonId } from './readers/person-ids.js';

// Digest: digest bands, trending and feed signals.

export type {
  CorpusDigest,
  DigestPlan,
  DigestRequest,
  DigestSelection,
} from './digest/build-digest.js';
export {
  buildCorpusDigest,
  digestOf,
  digestPlanOf,
  digestRowOptionsOf,
  selectDigest,
} from './digest/build-digest.js';
export type { Cadence } from './digest/cadence.js';
export type { BandTopicIds, DigestBandConfig } from './digest/digest-bands.js';
export { bandMatcher } from './digest/digest-bands.js';
export { digestRowFrom } from './digest/digest-row.js';
export type { DigestWindowName } from './digest/digest-window.js';
export type { EpisodeContent, EpisodeContentFilter } from './digest/episode-content.js';
export { episodeContentsOf } from './digest/episode-content.js';
export type { LabeledId } from './digest/episode-signals.js';
export { episodeSignalsFrom } from './digest/episode-signals.js';
export type {
  FeedEpisodeSignals,
  FeedSignals,
  FeedSignalsOptions,
} from './digest/feed-signals.js';
export { feedSignals, feedSignalsFrom } from './digest/feed-signals.js';
export type { CorpusTrending, TrendingPeriods, TrendingRow } from './digest/trending.js';
export {
  corpusTrending,
  limitTrending,
  rankTrending,
  TRENDING_PERIOD_DAYS,
  trendingFrom,
  trendingPeriodsOf,
} from './digest/trending.js';

// Artwork: thumbnails of the art store.

export type { Thumbnail, ThumbnailRequest, Thumbnails } from './artwork/thumbnails.js';
export { createThumbnails } from './artwork/thumbnails.js';

// Files: confined paths of served art, media and text files, opened without HTTP.

export { ART_STORE_DIR, THUMBNAIL_MAX_PX, thumbnailRelpath } from './files/art-ref.js';
export type { OpenedFile } from './files/open-file.js';
export { openRegularFile, readRegularFileSync } from './files/open-file.js';
export type { ResolvedTextFile } from './files/served-paths.js';
export { resolveArtFile, resolveServedFile, resolveTextFile } from './files/served-paths.js';

// Operator files: operator.yaml, the feeds spec and profile presets.

export { feedWorkspaceDirName, resolvePipelineFeed } from './operator-files/feed-workspace.js';
export type { FeedsSpecView } from './operator-files/feeds-spec-file.js';
export { readFeedsSpec, writeFeedsSpec } from './operator-files/feeds-spec-file.js';
export type {
  OperatorContentRules,
  ValidOperatorContent,
} from './operator-files/operator-content.js';
export {
  parseOperatorYaml,
  scheduledJobsBlockOf,
  validateOperatorContent,
} from './operator-files/operator-content.js';
export type { OperatorFile, OperatorFileWrite } from './operator-files/operator-file.js';
export {
  readOperatorFile,
  readOperatorSettings,
  updateOperatorBlock,
  writeOperatorFile,
} from './operator-files/operator-file.js';
export type { ProfilePreset } from './operator-files/profile-presets.js';
export {
  findProfilePreset,
  listProfilePresets,
  PACKAGED_PROFILES_DIR,
} from './operator-files/profile-presets.js';

// Reading files into records: the pieces the corpus index builds its rows with.

export { catalogStatusOf } from './catalog/catalog-status.js';
export { projectQuote } from './catalog/insight-list.js';
export type { ChangeMarks, DirWatcher } from './discovery/corpus-watch.js';
export { createDirWatcher, noteWatchEvent } from './discovery/corpus-watch.js';
export type { DirIndex, DirListing, WalkResult } from './discovery/discovery.js';
export { walkCorpus } from './discovery/discovery.js';
export type { DedupCandidate } from './discovery/run-dedup.js';
export { dedupCandidateOf, dedupRuns } from './discovery/run-dedup.js';
export {
  cilEpisodeFields,
  cilOwnFields,
  countsForTopicPersons,
  insightTypeKey,
} from './graph/cil-queries.js';
export {
  bridgeAliasesOf,
  episodeLabelsOf,
  graphInsightsOf,
} from './graph/graph-index.js';
export { stripEpisodePrefix } from './readers/layer-ids.js';
export type { EpisodeMetadata } from './readers/metadata.js';
export { artifactKindOf, isMetadataFileName } from './readers/metadata.js';
export type { EpisodeRecordInput } from './records/episode-record.js';
export { artCandidatesOf, buildEpisodeRecord } from './records/episode-record.js';
export { compareEpisodes } from './records/episode-sort.js';
export { buildFeedRecords } from './records/feeds.js';
export type { FeedSyncUrl } from './records/sync-urls.js';
export {
  feedSyncUrlOf,
  feedUrlKey,
  sanitizeSyncUrl,
  syncUrlKeyOf,
} from './records/sync-urls.js';
export { retryDelayMs } from './snapshot/corpus-root.js';
export { metadataOwnersOf, siblingRelpath } from './snapshot/corpus-state.js';
export { prefetchInWorkers } from './snapshot/parse-ahead.js';
export type { ParsedFile } from './snapshot/parse-file.js';
export { parseTrackedFile } from './snapshot/parse-file.js';

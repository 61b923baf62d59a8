export type { ArtifactEntry } from './artifacts.js';
export { readArtifactJson } from './artifacts.js';
export type { BridgeIdentity, NormalizedBridge } from './bridge-reader.js';
export { normalizeBridge } from './bridge-reader.js';
export type { CorpusDocumentName } from './browse/corpus-documents.js';
export { readCorpusDocument, readJsonObject } from './browse/corpus-documents.js';
export type { CorpusEpisodeListRequest, CorpusEpisodePage } from './browse/corpus-episode-list.js';
export { pageCorpusEpisodes } from './browse/corpus-episode-list.js';
export { corpusEpisodeDetail, corpusEpisodeRow } from './browse/corpus-episode-row.js';
export type { CorpusStatsBody, NodeEpisodesResult } from './browse/corpus-metrics.js';
export {
  corpusCoverageOf,
  corpusFeedsOf,
  corpusStatsOf,
  findNodeEpisodes,
  topPersonsOf,
} from './browse/corpus-metrics.js';
export {
  listCorpusEnrichments,
  readCorpusEnrichment,
  readEpisodeEnrichment,
} from './browse/enrichment-files.js';
export type { ArtifactResolution } from './browse/episode-artifact-paths.js';
export { resolveEpisodeArtifacts } from './browse/episode-artifact-paths.js';
export type { EpisodeCursor } from './browse/episode-cursor.js';
export { decodeEpisodeCursor, encodeEpisodeCursor } from './browse/episode-cursor.js';
export type { EpisodeFilter } from './browse/episode-filter.js';
export { episodeTopicPills } from './browse/episode-topic-pills.js';
export type { CachedFile, FileCache } from './browse/file-cache.js';
export { createFileCache } from './browse/file-cache.js';
export { dailyActivity, readQueryCounts } from './browse/query-activity.js';
export { readRunSummaries } from './browse/run-files.js';
export { clusteredEpisodeIds, readClusteredEpisodeIds } from './browse/topic-cluster-episodes.js';
export { catalogItemOf, episodeDetailOf, showArtRelpathOf } from './catalog/catalog-item.js';
export type { CatalogFilter, CatalogPage, CatalogSource } from './catalog/catalog-page.js';
export { catalogPage, filteredEpisodes, pageOf } from './catalog/catalog-page.js';
export { catalogStatusOf } from './catalog/catalog-status.js';
export { episodeEntitiesOf } from './catalog/episode-entities.js';
export { insightListOf, projectQuote } from './catalog/insight-list.js';
export { podcastItemOf, podcastItemsOf, podcastListOf } from './catalog/podcast-list.js';
export { segmentsContractOf } from './catalog/segments-contract.js';
export {
  loadTopicOverlays,
  THEME_CLUSTERS_RELPATH,
  TOPIC_CLUSTERS_RELPATH,
} from './catalog/topic-overlay-files.js';
export type { TopicGroup, TopicOverlays } from './catalog/topic-overlays.js';
export {
  NO_TOPIC_OVERLAYS,
  STORYLINE_FLOOR,
  storylinesByTopic,
  themesByTopic,
} from './catalog/topic-overlays.js';
export type { CilDigestTopicPill } from './clusters/cil-digest-topics.js';
export { CIL_TOPIC_PILL_CAP, cilDigestTopics } from './clusters/cil-digest-topics.js';
export type { TopicClustersFile } from './clusters/cluster-files.js';
export { readThemeClusters, readTopicClusters } from './clusters/cluster-files.js';
export { clusterFilesStamp } from './clusters/cluster-files-stamp.js';
export type { ClusterSummary } from './clusters/cluster-record.js';
export type { StorylineSummary } from './clusters/storyline-projection.js';
export { projectStorylines } from './clusters/storyline-projection.js';
export { projectThemes } from './clusters/theme-projection.js';
export type { TopicClusterIndex } from './clusters/topic-cluster-index.js';
export {
  EMPTY_TOPIC_CLUSTER_INDEX,
  topicClusterIndexOf,
} from './clusters/topic-cluster-index.js';
export type { SyncCounters } from './corpus-cache.js';
export type { CorpusRegistry, CorpusRegistryOptions } from './corpus-registry.js';
export { createCorpusRegistry } from './corpus-registry.js';
export type { CorpusRoots } from './corpus-roots.js';
export {
  isInsideDir,
  relativePathProblem,
  resolveCorpusRoot,
  resolveInsideRoot,
} from './corpus-roots.js';
export type { CorpusSnapshot, SnapshotStats } from './corpus-snapshot.js';
export type { CorpusDigest, DigestBand, DigestRequest } from './digest/build-digest.js';
export {
  buildCorpusDigest,
  DIGEST_COMPACT_ROWS,
  DIGEST_DEFAULT_ROWS,
  digestRowCap,
  episodesInRange,
} from './digest/build-digest.js';
export { matchBulletTopics } from './digest/bullet-topics.js';
export type { Cadence } from './digest/cadence.js';
export { cadenceOf } from './digest/cadence.js';
export type { BandTopicIds, DigestBandConfig } from './digest/digest-bands.js';
export { bandMatcher, DIGEST_BAND_ROW_CAP, matchDigestBands } from './digest/digest-bands.js';
export type { DigestRow } from './digest/digest-row.js';
export type { DayRange, DigestWindowName } from './digest/digest-window.js';
export { digestDayRange, previousUtcMonth } from './digest/digest-window.js';
export type { EpisodeSignals, LabeledId } from './digest/episode-signals.js';
export { episodeSignalsOf } from './digest/episode-signals.js';
export { pickFeedDiverse } from './digest/feed-diverse.js';
export type { FeedSignals, FeedSignalsOptions } from './digest/feed-signals.js';
export { feedSignals } from './digest/feed-signals.js';
export type { CorpusTrending, TrendingRow } from './digest/trending.js';
export { corpusTrending, TRENDING_PERIOD_DAYS } from './digest/trending.js';
export type { DirIndex, DirListing } from './discovery.js';
export { discoverMetadataFiles } from './discovery.js';
export {
  artRelpathCandidate,
  artworkUrl,
  durationSecondsOf,
  publishDateOf,
  verifiedArtRelpath,
} from './episode-fields.js';
export type { EpisodeRecord, EpisodeRecordInput, EpisodeStatus } from './episode-record.js';
export { buildEpisodeRecord } from './episode-record.js';
export type { SortableEpisode } from './episode-sort.js';
export { compareEpisodes } from './episode-sort.js';
export type { FeedRecord } from './feeds.js';
export { buildFeedRecords } from './feeds.js';
export {
  ART_STORE_DIR,
  artRefProblem,
  THUMBNAIL_DIR,
  THUMBNAIL_MAX_PX,
  thumbnailRelpath,
} from './files/art-ref.js';
export type { RangePlan } from './files/byte-range.js';
export { contentRange, ifRangeMatches, planRange } from './files/byte-range.js';
export type { FileValidators } from './files/conditional.js';
export { fileValidators, isNotModified } from './files/conditional.js';
export { contentDisposition } from './files/content-disposition.js';
export {
  contentTypeOf,
  dispositionOf,
  isImageContentType,
  isMediaContentType,
  isTextFileName,
  OCTET_STREAM,
  TEXT_FILE_EXTENSIONS,
  textFileContentType,
} from './files/content-types.js';
export type { OpenedFile } from './files/open-file.js';
export { openRegularFile } from './files/open-file.js';
export type { SendFileOptions } from './files/send-file.js';
export { sendOpenedFile } from './files/send-file.js';
export type { ResolvedTextFile } from './files/served-paths.js';
export {
  isHiddenRelpath,
  resolveArtFile,
  resolveServedFile,
  resolveTextFile,
} from './files/served-paths.js';
export { textFileCandidates } from './files/text-file-candidates.js';
export type {
  GraphOrg,
  GraphPerson,
  GraphTopic,
  NormalizedGraph,
  NormalizedInsight,
  NormalizedQuote,
} from './gi-graph.js';
export { normalizeGi } from './gi-reader.js';
export { labelFromId } from './graph-nodes.js';
export { projectInsights, quotesOfInsight } from './insight-projection.js';
export type { KgOrg, KgPerson, KgTopic, NormalizedKg } from './kg-reader.js';
export { normalizeKg } from './kg-reader.js';
export type { NodeKind } from './layer-ids.js';
export {
  isHiddenPersonId,
  kindFromId,
  nodeKindOf,
  stripEpisodePrefix,
  stripLayerPrefixes,
} from './layer-ids.js';
export type { CorpusRead } from './lenient-parse.js';
export { parseCorpusObject, readCorpusObject, UnreadableCorpusFile } from './lenient-parse.js';
export type { ArtifactKind, EpisodeMetadata } from './metadata.js';
export { pickEpisodeMetadata } from './metadata.js';
export type { AtomicWriteOptions } from './operator-files/atomic-write.js';
export { withFileLock, writeFileAtomic } from './operator-files/atomic-write.js';
export type { RootFile } from './operator-files/confined-file.js';
export { readRootFile } from './operator-files/confined-file.js';
export { cronProblem } from './operator-files/cron-syntax.js';
export type { FeedsSpecFormat } from './operator-files/feeds-spec.js';
export {
  dedupeFeeds,
  FEEDS_SPEC_FILE_NAMES,
  feedsSpecFormatOf,
  InvalidFeedsSpec,
  parseFeedsSpec,
  serialiseFeedsSpec,
  toStoredEntry,
} from './operator-files/feeds-spec.js';
export type { FeedsSpecView } from './operator-files/feeds-spec-file.js';
export { readFeedsSpec, writeFeedsSpec } from './operator-files/feeds-spec-file.js';
export {
  findForbiddenOperatorKeys,
  forbiddenKeysError,
  isFeedKey,
  isSecretKey,
  normaliseOperatorKey,
  scanForbiddenOperatorKeys,
} from './operator-files/forbidden-keys.js';
export { setOperatorKey } from './operator-files/operator-block.js';
export type { ValidOperatorContent } from './operator-files/operator-content.js';
export {
  parseOperatorYaml,
  scheduledJobsBlockOf,
  validateOperatorContent,
} from './operator-files/operator-content.js';
export type { OperatorFile, OperatorFileWrite } from './operator-files/operator-file.js';
export {
  OPERATOR_FILE_NAME,
  readOperatorFile,
  updateOperatorBlock,
  writeOperatorFile,
} from './operator-files/operator-file.js';
export type { ProfilePreset } from './operator-files/profile-presets.js';
export {
  findProfilePreset,
  listProfilePresets,
  presetNamesOf,
} from './operator-files/profile-presets.js';
export type { DedupCandidate } from './run-dedup.js';
export { runTimestampOf, selectDedupWinners } from './run-dedup.js';
export type { EpisodeSegments, SegmentRow, TranscriptFamily } from './segments.js';
export { readSegments, toSegmentRows, transcriptFamilyOf } from './segments.js';
export { episodeSlug, slugify } from './slug.js';
export type { EpisodeSummary } from './summary-preview.js';
export {
  cardSummaryPreview,
  firstSentence,
  listSummaryPreview,
  topicPills,
} from './summary-preview.js';

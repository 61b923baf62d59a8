export { AuthStatus } from './auth.js';
export {
  AudioSource,
  EpisodeCatalogItem,
  EpisodeDetail,
  EpisodeList,
  EpisodeStatus,
  EpisodeSummary,
  PodcastItem,
  PodcastList,
  Segment,
  SegmentsContract,
} from './catalog.js';
export {
  CATALOG_PAGE_SIZE_DEFAULT,
  CATALOG_PAGE_SIZE_MAX,
  EpisodeListQuery,
  EpisodeSlugParams,
  FeedEpisodeListQuery,
  FeedIdParams,
} from './catalog-routes.js';
export type { CommsRecordInput } from './comms.js';
export {
  CommsRecord,
  ConsentChannel,
  channelEnabled,
  DailyRecapSchedule,
  DigestSchedule,
  NotificationType,
  TimeZone,
} from './comms.js';
export {
  CORPUS_EPISODES_LIMIT_DEFAULT,
  CorpusCoverage,
  CorpusDocument,
  CorpusEnrichmentItem,
  CorpusEnrichmentList,
  CorpusEpisodeDetail,
  CorpusEpisodeDetailQuery,
  CorpusEpisodeList,
  CorpusEpisodeListItem,
  CorpusEpisodesQuery,
  CorpusFeed,
  CorpusFeedList,
  CorpusPathQuery,
  CorpusRunSummaryItem,
  CorpusRunSummaryList,
  CorpusStats,
  EnricherIdParams,
  EpisodeEnrichmentQuery,
  NODE_EPISODES_LIMIT_DEFAULT,
  NODE_EPISODES_LIMIT_MAX,
  NodeEpisode,
  NodeEpisodesBody,
  NodeEpisodesResponse,
  QueryActivityQuery,
  QueryActivityResponse,
  RESOLVE_EPISODE_IDS_MAX,
  ResolvedEpisodeArtifacts,
  ResolveEpisodeArtifactsBody,
  ResolveEpisodeArtifactsResponse,
  StoredEnrichmentEnvelope,
  TOP_PERSONS_LIMIT_DEFAULT,
  TopPerson,
  TopPersonList,
  TopPersonsQuery,
} from './corpus-browse.js';
export {
  CilDigestTopic,
  CorpusDigestQuery,
  CorpusDigestResponse,
  CorpusDigestRow,
  CorpusDigestTopicBand,
  DIGEST_MAX_ROWS_LIMIT,
  DigestWindow,
} from './corpus-digest.js';
export {
  ArtworkQuery,
  ArtworkSize,
  AudioSourceQuery,
  CorpusBinaryQuery,
  CorpusMediaQuery,
  CorpusTextFileQuery,
} from './corpus-files.js';
export {
  AppTopicListQuery,
  CorpusFeedSignalsQuery,
  CorpusFeedSignalsResponse,
  CorpusStorylinesQuery,
  CorpusTrendingQuery,
  CorpusTrendingResponse,
  FeedCadence,
  FeedTopicShare,
  TopicCluster,
  TopicClusterMember,
  TopicClustersArtifact,
  TrendingEntity,
} from './corpus-graph.js';
export {
  ConsentSnapshot,
  DELIVERY_TEMPLATES,
  DeliveryChannel,
  DeliveryEnvelope,
  DeliveryTemplate,
  EmailRecipient,
  EnvelopeStatus,
  envelopeId,
  OutboxPendingResponse,
  OutboxStatusBody,
  OutboxStatusResponse,
  PushRecipient,
  TerminalEnvelopeStatus,
} from './delivery.js';
export {
  DeepLink,
  DeliveryItem,
  DeliveryPayload,
  DeliverySection,
  GraphRef,
  PlainText,
} from './delivery-payload.js';
export {
  CircuitState,
  EnricherConfig,
  EnricherId,
  EnricherProvider,
  EnricherResultStatus,
  EnrichmentBlock,
  EnrichmentEnvelope,
  EnrichmentTier,
  enrichmentBlockJsonSchema,
} from './enrichment-config.js';
export type { ErrorKind } from './errors.js';
export { DomainError, InvalidRelativePath, NotFound, OutsideCorpusRoots } from './errors.js';
export type { GiValidationError, GiValidationResult } from './gi-artifact.js';
export {
  GiArtifact,
  GiEdge,
  GiEdgeType,
  giArtifactJsonSchema,
  validateGiArtifact,
} from './gi-artifact.js';
export {
  GiEpisodeNode,
  GiInsightNode,
  GiNode,
  GiNodeType,
  GiPodcastNode,
  GiQuoteNode,
  GiSpeakerNode,
  GiTopicNode,
} from './gi-nodes.js';
export {
  ConversationArcBucket,
  EntityRef,
  EpisodeEntities,
  InsightList,
  InsightProjection,
  InsightQuote,
  RelatedNode,
  Sentiment,
  SentimentLabel,
  Storyline,
  StorylineList,
  Theme,
  ThemeList,
  TopicRef,
} from './graph-shapes.js';
export {
  LibraryItem,
  LibraryList,
  OPML_MAX_CHARS,
  OpmlImportJson,
  OpmlImportResult,
} from './library.js';
export {
  ArtifactKind,
  ArtifactList,
  ArtifactListItem,
  HealthResponse,
  ScheduledJobKind,
  ScheduledJobRow,
} from './operator.js';
export {
  FEED_OPTION_KEYS,
  FEED_OPTION_PREFIX,
  FEED_URL_KEYS,
  FeedEntry,
  FeedEntryInput,
  FeedsSpecPut,
  FeedsSpecResponse,
  FeedUrl,
  ForbiddenOperatorKeysProblem,
  MAX_FEED_ENTRIES,
  OperatorConfigPut,
  OperatorConfigResponse,
  OperatorFileKeys,
  OperatorProfile,
  OperatorProfilesResponse,
  ScheduledJob,
} from './operator-files.js';
export { Problem, ProblemFieldError } from './problem.js';
export {
  NativePushSubscription,
  PushSubscription,
  WebPushSubscription,
} from './push-subscription.js';
export { CommaList, IsoDate, QueryBoolean, queryInt, queryNumber } from './query.js';
export {
  CurrentUser,
  EpisodeStats,
  FavoriteInsight,
  FavoriteItem,
  FavoriteKind,
  FavoriteSaveBody,
  Favorites,
  Interests,
  InterestToken,
  PlaybackList,
  PlaybackPosition,
  PlaybackPut,
  Queue,
  QueuePut,
  UserStats,
} from './user-state.js';
export { Count, DailyCount, IsoDateTime, PublishDate, Slug } from './wire-formats.js';
export { z } from './zod.js';

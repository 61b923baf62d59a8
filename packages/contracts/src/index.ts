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
  ArtifactKind,
  ArtifactList,
  ArtifactListItem,
  HealthResponse,
  ScheduledJobKind,
  ScheduledJobRow,
} from './operator.js';
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

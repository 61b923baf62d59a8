export type { Evaluation } from './accuracy/evaluations.js';
export { evaluationsDir, readEvaluations } from './accuracy/evaluations.js';
export type { RecordEvaluationInput } from './accuracy/record-evaluation.js';
export { recordEvaluation } from './accuracy/record-evaluation.js';
export type { Admission, AdmissionInput, Decision, Selection } from './config/admission.js';
export { admit } from './config/admission.js';
export { admissionReport } from './config/admission-report.js';
export type { SchemaError } from './config/config-schema.js';
export { composeConfigSchema, enrichmentBlockValidator } from './config/config-schema.js';
export type { EnrichmentConfigView, LoadConfigInput } from './config/load-config.js';
export {
  InvalidEnrichmentConfig,
  knobProblems,
  loadEnrichmentConfig,
} from './config/load-config.js';
export { deepMerge, hasProviderBlock, resolveBlock } from './config/resolve.js';
export { writeEnrichmentBlock } from './config/write-config.js';
export { factsOfCatalog, factsOfEpisode, factsOfSnapshot } from './corpus-facts.js';
export { groundingRate } from './enrichers/grounding-rate/grounding-rate.js';
export { guestCoappearance } from './enrichers/guest-coappearance/guest-coappearance.js';
export type { DensityBucket } from './enrichers/insight-density/insight-density.js';
export { densityBucket, insightDensity } from './enrichers/insight-density/insight-density.js';
export type { SentimentLabel } from './enrichers/insight-sentiment/insight-sentiment.js';
export {
  compoundScore,
  insightSentiment,
  sentimentLabel,
} from './enrichers/insight-sentiment/insight-sentiment.js';
export { temporalVelocity } from './enrichers/temporal-velocity/temporal-velocity.js';
export { topicCooccurrence } from './enrichers/topic-cooccurrence/topic-cooccurrence.js';
export type { TextEmbedder } from './enrichers/topic-similarity/topic-similarity.js';
export { topicSimilarity } from './enrichers/topic-similarity/topic-similarity.js';
export { topicThemeClusters } from './enrichers/topic-theme-clusters/topic-theme-clusters.js';
export type { Correlation, EnrichmentEvent, EventFilter, EventType } from './events/event-log.js';
export { appendEvent, EVENT_TYPES, eventLogPath, readEvents } from './events/event-log.js';
export type { EpisodeFacts, InsightFact, PersonRef } from './facts.js';
export { insightsByPerson, roundTo } from './facts.js';
export type {
  CorpusEnricher,
  Enricher,
  EnricherContext,
  EnricherManifest,
  EnricherOutput,
  EpisodeEnricher,
  ProviderProtocol,
} from './manifest.js';
export { corpusEnricher, DETERMINISTIC, episodeEnricher } from './manifest.js';
export type { ProviderType } from './providers/provider-types.js';
export {
  PROVIDER_TYPES,
  providerBlockSchema,
  providerTypesByProtocol,
} from './providers/provider-types.js';
export { BUILTIN_ENRICHERS, EnricherRegistry } from './registry.js';
export type { EnricherHealth, HealthFile } from './resilience/health-store.js';
export {
  freshHealth,
  healthFilePath,
  readHealth,
  updateHealth,
} from './resilience/health-store.js';
export type { ReEnableRequest } from './resilience/re-enable.js';
export { reEnableEnricher } from './resilience/re-enable.js';
export { resetBreakers, resilienceState, usageRollup } from './resilience/resilience-view.js';
export type { TierPolicy } from './resilience/tier-policy.js';
export { backoffMs, TIER_ORDER, TIER_POLICY } from './resilience/tier-policy.js';
export type { Clock } from './run/attempts.js';
export { systemClock } from './run/attempts.js';
export type { EnrichCorpusDeps, EnrichCorpusRequest } from './run/enrich-corpus.js';
export { enrichCorpus, RunInProgress, snapshotFacts } from './run/enrich-corpus.js';
export type { PlannedEnricher, RunDeps, RunPlan, RunProgress } from './run/executor.js';
export { newRunId, runEnrichment } from './run/executor.js';
export type { EnricherOutcome, OutcomeReason } from './run/outcome.js';
export { runStatusOf } from './run/outcome.js';
export type { RunCounts, RunSummary } from './run/run-files.js';
export {
  corpusEnvelopePath,
  episodeEnvelopePath,
  runSummaryPath,
  statusFilePath,
} from './run/run-files.js';
export type { MetricsWindowName } from './views.js';
export {
  enrichmentStatusOf,
  healthView,
  METRICS_WINDOWS,
  metricsOf,
  runSummaryOf,
} from './views.js';

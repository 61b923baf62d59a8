/**
 * The enrichers that run on the sample corpus without a model provider: the
 * ones a run without --with-ml completes, in the order the tests send them.
 */
export const DETERMINISTIC_ENRICHERS: readonly string[] = Object.freeze([
  'grounding_rate',
  'guest_coappearance',
  'temporal_velocity',
  'topic_cooccurrence_corpus',
  'topic_theme_clusters',
  'insight_sentiment',
  'insight_density',
]);

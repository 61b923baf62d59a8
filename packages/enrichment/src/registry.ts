import { groundingRateEnricher } from './enrichers/grounding-rate/grounding-rate.js';
import { guestCoappearanceEnricher } from './enrichers/guest-coappearance/guest-coappearance.js';
import { insightDensityEnricher } from './enrichers/insight-density/insight-density.js';
import { insightSentimentEnricher } from './enrichers/insight-sentiment/insight-sentiment.js';
import { temporalVelocityEnricher } from './enrichers/temporal-velocity/temporal-velocity.js';
import { topicConsensusEnricher } from './enrichers/topic-consensus/topic-consensus.js';
import { topicCooccurrenceEnricher } from './enrichers/topic-cooccurrence/topic-cooccurrence.js';
import { topicSimilarityEnricher } from './enrichers/topic-similarity/topic-similarity.js';
import { topicThemeClustersEnricher } from './enrichers/topic-theme-clusters/topic-theme-clusters.js';
import type { Enricher } from './manifest.js';

/** The enrichers this build ships, one declaration each. */
export const BUILTIN_ENRICHERS: readonly Enricher[] = [
  groundingRateEnricher,
  guestCoappearanceEnricher,
  temporalVelocityEnricher,
  topicCooccurrenceEnricher,
  topicThemeClustersEnricher,
  insightSentimentEnricher,
  insightDensityEnricher,
  topicSimilarityEnricher,
  topicConsensusEnricher,
];

/** Enrichers by id; built in main.ts (or a test) and handed down. */
export class EnricherRegistry {
  readonly #byId: ReadonlyMap<string, Enricher>;

  constructor(enrichers: readonly Enricher[] = BUILTIN_ENRICHERS) {
    const byId = new Map<string, Enricher>();
    for (const enricher of enrichers) {
      if (byId.has(enricher.manifest.id)) {
        throw new Error(`enricher ${enricher.manifest.id} is registered twice`);
      }
      byId.set(enricher.manifest.id, enricher);
    }
    this.#byId = byId;
  }

  get(id: string): Enricher | undefined {
    return this.#byId.get(id);
  }

  list(): Enricher[] {
    return [...this.#byId.values()];
  }

  ids(): ReadonlySet<string> {
    return new Set(this.#byId.keys());
  }
}

import {
  groundingRate,
  guestCoappearance,
  temporalVelocity,
  topicCooccurrence,
} from '@podcast/enrichment';
import { DAY_MS } from './clock.js';
import type { EpisodeFacts } from './corpus-facts.js';

const WINDOW_MONTHS = 18;
const TOP_PAIRS = 500;

/** grounding_rate `data` (spec 04 §7), computed by the enricher itself. */
export function buildGroundingRate(facts: readonly EpisodeFacts[]): Record<string, unknown> {
  return groundingRate(facts.map((f) => f.insightsByPerson));
}

/** temporal_velocity `data`: monthly episode counts per KG topic over the last 18 months. */
export function buildTemporalVelocity(
  facts: readonly EpisodeFacts[],
  endMs: number,
): Record<string, unknown> {
  return temporalVelocity(
    facts.map((f) => ({ publishedMs: f.publishedMs, topicIds: f.topics.map((t) => t.id) })),
    endMs,
    WINDOW_MONTHS,
  );
}

/** topic_cooccurrence_corpus `data`: topic pairs discussed in the same episode, with lift and PMI. */
export function buildTopicCooccurrence(facts: readonly EpisodeFacts[]): Record<string, unknown> {
  return topicCooccurrence(
    facts.map((f) => f.topics.map((t) => t.id)),
    TOP_PAIRS,
  );
}

/** guest_coappearance `data`: people heard in the same episode, and the connected groups they form. */
export function buildGuestCoappearance(facts: readonly EpisodeFacts[]): Record<string, unknown> {
  return guestCoappearance(facts.map((f) => f.people.map((p) => p.id)));
}

export function enrichmentWindow(lastRunEndMs: number): {
  startedAtMs: number;
  finishedAtMs: number;
} {
  return {
    startedAtMs: lastRunEndMs + 5 * 60_000,
    finishedAtMs: lastRunEndMs + 5 * 60_000 + DAY_MS / 96,
  };
}

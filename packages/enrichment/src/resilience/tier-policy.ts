import type { EnrichmentTier } from '@podcast/contracts';

/**
 * Spec 03 "Limits", per tier. Timeouts are ours (the spec names a
 * per-enricher timeout, not its value): an enricher block's `timeout_s`
 * overrides them.
 */
export interface TierPolicy {
  maxRetries: number;
  /** First backoff in ms (0: no retries), multiplied by `factor` per retry. */
  backoffMs: number;
  factor: number;
  /** Largest single sleep between retries in ms. */
  sleepCapMs: number;
  /** Consecutive failures within a run that open the circuit; null: no breaker. */
  circuitThreshold: number | null;
  /** Consecutive failed runs that auto-disable the enricher. */
  autoDisableThreshold: number;
  concurrency: number;
  timeoutMs: number;
}

export const TIER_POLICY: Readonly<Record<EnrichmentTier, TierPolicy>> = {
  deterministic: {
    maxRetries: 0,
    backoffMs: 0,
    factor: 1,
    sleepCapMs: 0,
    circuitThreshold: null,
    autoDisableThreshold: 5,
    concurrency: 4,
    timeoutMs: 300_000,
  },
  embedding: {
    maxRetries: 3,
    backoffMs: 1_000,
    factor: 2,
    sleepCapMs: 30_000,
    circuitThreshold: 5,
    autoDisableThreshold: 3,
    concurrency: 2,
    timeoutMs: 900_000,
  },
  ml: {
    maxRetries: 2,
    backoffMs: 5_000,
    factor: 2,
    sleepCapMs: 60_000,
    circuitThreshold: 3,
    autoDisableThreshold: 2,
    concurrency: 1,
    timeoutMs: 1_800_000,
  },
  llm: {
    maxRetries: 5,
    backoffMs: 2_000,
    factor: 2,
    sleepCapMs: 120_000,
    circuitThreshold: 3,
    autoDisableThreshold: 2,
    concurrency: 4,
    timeoutMs: 1_800_000,
  },
};

/** The tiers in the order a run takes them. */
export const TIER_ORDER: readonly EnrichmentTier[] = ['deterministic', 'embedding', 'ml', 'llm'];

/**
 * The sleep before retry `retry` (1 for the first): exponential, with ±10%
 * jitter from `random` (0..1), capped per tier.
 */
export function backoffMs(policy: TierPolicy, retry: number, random: () => number): number {
  const base = policy.backoffMs * policy.factor ** (retry - 1);
  const jitter = 1 + (random() * 2 - 1) * 0.1;
  return Math.min(policy.sleepCapMs, Math.round(base * jitter));
}

/**
 * Retries of transient failures: exponential backoff with full jitter
 * (a random wait between 0 and base·2^(attempt-1), capped), so a recovering
 * receiver is not hit by every worker in step. After `attempts` tries the
 * envelope is reported failed (dead-lettered) with the last error.
 */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  baseMs: number;
  maxMs: number;
}

/** 5 tries over about 15 s at most: well inside the seam's 300 s lease. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 5, baseMs: 500, maxMs: 8_000 };

/** The wait before try number `attempt + 1` (attempt counts from 1). */
export function backoffMs(policy: RetryPolicy, attempt: number, random: () => number): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}

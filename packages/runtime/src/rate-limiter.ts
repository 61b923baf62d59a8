/**
 * Token buckets keyed by a string (a source address, a user name), held in
 * memory and bounded in how many keys they keep. Each key may spend `limit`
 * units per `windowMs`, refilled continuously, so a burst of `limit` passes
 * and a steady caller gets `limit / windowMs`.
 *
 * In-process on purpose: a limit is a bound on what one caller can cost this
 * process, and with N replicas behind a balancer the caller gets at most N
 * times the limit, still bounded. The clock is passed in for tests.
 */
export interface RateLimiterOptions {
  /** Units a key may spend in one window; also the burst size. */
  limit: number;
  windowMs: number;
  /** Keys kept at most; past it the least recently used key is forgotten. */
  maxKeys?: number;
  now?: () => number;
}

/** `allowed: false` carries the seconds until one unit is available again. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterS: number };

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  readonly #limit: number;
  readonly #perMs: number;
  readonly #maxKeys: number;
  readonly #now: () => number;
  readonly #buckets = new Map<string, Bucket>();

  constructor(options: RateLimiterOptions) {
    if (!(options.limit > 0) || !(options.windowMs > 0)) {
      throw new RangeError('a rate limit needs a positive limit and window');
    }
    this.#limit = options.limit;
    this.#perMs = options.limit / options.windowMs;
    this.#maxKeys = options.maxKeys ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /** Spends `cost` units of `key` when it has them. */
  take(key: string, cost = 1): RateDecision {
    const bucket = this.#refilled(key);
    if (bucket.tokens >= cost) {
      bucket.tokens -= cost;
      return { allowed: true };
    }
    return { allowed: false, retryAfterS: this.#secondsUntil(bucket, cost) };
  }

  /** Whether `key` could spend `cost` now, without spending it. */
  peek(key: string, cost = 1): RateDecision {
    const bucket = this.#buckets.get(key);
    if (bucket === undefined) {
      return { allowed: true };
    }
    const tokens = Math.min(this.#limit, bucket.tokens + (this.#now() - bucket.at) * this.#perMs);
    return tokens >= cost
      ? { allowed: true }
      : { allowed: false, retryAfterS: this.#secondsUntil({ tokens, at: 0 }, cost) };
  }

  /** Forgets `key` (e.g. after a successful sign-in). */
  reset(key: string): void {
    this.#buckets.delete(key);
  }

  get size(): number {
    return this.#buckets.size;
  }

  #refilled(key: string): Bucket {
    const now = this.#now();
    const old = this.#buckets.get(key);
    const bucket: Bucket =
      old === undefined
        ? { tokens: this.#limit, at: now }
        : {
            tokens: Math.min(this.#limit, old.tokens + Math.max(0, now - old.at) * this.#perMs),
            at: now,
          };
    // Re-inserting keeps the Map in least-recently-used order for eviction.
    this.#buckets.delete(key);
    this.#buckets.set(key, bucket);
    while (this.#buckets.size > this.#maxKeys) {
      const oldest = this.#buckets.keys().next().value as string;
      this.#buckets.delete(oldest);
    }
    return bucket;
  }

  #secondsUntil(bucket: Bucket, cost: number): number {
    return Math.max(1, Math.ceil((cost - bucket.tokens) / this.#perMs / 1000));
  }
}

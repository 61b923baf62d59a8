/**
 * Failed attempts counted per key (a source address, a user name), in
 * memory and bounded in how many keys it keeps. A key may fail
 * `freeFailures` times; from then on each failure blocks it for twice as
 * long as the one before, up to `maxBlockMs`. A key whose last failure is
 * `forgetAfterMs` old is forgotten.
 *
 * Attempts in flight count too: a key with k free failures left may have at
 * most k attempts running (one once none are left), so a burst of parallel
 * guesses cannot all pass the check before the first of them fails.
 */
export interface BackoffOptions {
  freeFailures: number;
  /** The block after the last free failure; each further failure doubles it. */
  baseBlockMs: number;
  maxBlockMs: number;
  forgetAfterMs: number;
  /** Keys kept at most; past it the least recently used key is forgotten. */
  maxKeys: number;
}

interface Entry {
  failures: number;
  running: number;
  blockedUntil: number;
  lastFailureAt: number;
}

/** How long to wait while attempts of the key are still running. */
const BUSY_WAIT_MS = 1000;

export class FailureBackoff {
  readonly #options: BackoffOptions;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();

  constructor(options: BackoffOptions, now: () => number = Date.now) {
    if (!(options.freeFailures >= 1) || !(options.baseBlockMs > 0) || !(options.maxKeys >= 1)) {
      throw new RangeError('a backoff needs a free failure, a positive block and a key');
    }
    this.#options = options;
    this.#now = now;
  }

  /** Milliseconds until `key` may try again; 0 when it may now. */
  waitMs(key: string): number {
    const entry = this.#find(key);
    if (entry === undefined) {
      return 0;
    }
    const blocked = entry.blockedUntil - this.#now();
    if (blocked > 0) {
      return blocked;
    }
    const allowance = Math.max(1, this.#options.freeFailures - entry.failures);
    return entry.running < allowance ? 0 : BUSY_WAIT_MS;
  }

  /** Whether `key` failed lately (and is not forgotten yet). */
  hasFailed(key: string): boolean {
    return (this.#find(key)?.failures ?? 0) > 0;
  }

  /** Notes an attempt of `key` starting; end it with `settle`. */
  begin(key: string): void {
    this.#touch(key).running += 1;
  }

  /** Ends an attempt: a failure counts (and may block), anything else only ends it. */
  settle(key: string, hasFailed: boolean): void {
    const entry = this.#touch(key);
    entry.running = Math.max(0, entry.running - 1);
    if (hasFailed) {
      const now = this.#now();
      entry.failures += 1;
      entry.lastFailureAt = now;
      const over = entry.failures - this.#options.freeFailures;
      if (over >= 0) {
        const block = this.#options.baseBlockMs * 2 ** Math.min(over, 40);
        entry.blockedUntil = now + Math.min(this.#options.maxBlockMs, block);
      }
    }
    if (entry.failures === 0 && entry.running === 0) {
      this.#entries.delete(key);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  #find(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) {
      return undefined;
    }
    const isStale = this.#now() - entry.lastFailureAt > this.#options.forgetAfterMs;
    if (isStale && entry.running === 0) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #touch(key: string): Entry {
    const entry = this.#find(key) ?? {
      failures: 0,
      running: 0,
      blockedUntil: 0,
      lastFailureAt: this.#now(),
    };
    // Re-inserting keeps the Map in least-recently-used order for eviction.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#options.maxKeys) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
    return entry;
  }
}

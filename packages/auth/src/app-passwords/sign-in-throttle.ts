import { TooManyRequests } from '@podcast/contracts';
import { type BackoffOptions, FailureBackoff } from './failure-backoff.js';

/**
 * Failed gPodder sign-ins, counted before any password is hashed
 * (docs/decisions/sync.md, "Failed sign-ins"):
 * - per user name and source address: one app retrying a wrong password is
 *   stopped early without touching anyone else behind the same address;
 * - per source address: one address guessing across many user names;
 * - per user name: many addresses guessing one name. A source address that
 *   never failed on that name is let through all the same, so the right
 *   password from a new address still gets in while the name is attacked.
 */
export interface SignInThrottleOptions {
  pair: BackoffOptions;
  address: BackoffOptions;
  username: BackoffOptions;
  now?: () => number;
}

const HOUR_MS = 3_600_000;
const MAX_BLOCK_MS = 15 * 60_000;

export const SIGN_IN_THROTTLE_DEFAULTS: Omit<SignInThrottleOptions, 'now'> = {
  pair: {
    freeFailures: 5,
    baseBlockMs: 1000,
    maxBlockMs: MAX_BLOCK_MS,
    forgetAfterMs: HOUR_MS,
    maxKeys: 10_000,
  },
  address: {
    freeFailures: 30,
    baseBlockMs: 1000,
    maxBlockMs: MAX_BLOCK_MS,
    forgetAfterMs: HOUR_MS,
    maxKeys: 10_000,
  },
  username: {
    freeFailures: 20,
    baseBlockMs: 1000,
    maxBlockMs: MAX_BLOCK_MS,
    forgetAfterMs: HOUR_MS,
    maxKeys: 10_000,
  },
};

/** An admitted sign-in attempt: settle it once its password was checked (or not). */
export interface SignInAttempt {
  settle(outcome: 'passed' | 'failed' | 'abandoned'): void;
}

export class SignInThrottle {
  readonly #pair: FailureBackoff;
  readonly #address: FailureBackoff;
  readonly #username: FailureBackoff;

  constructor(options: Partial<SignInThrottleOptions> = {}) {
    const now = options.now ?? Date.now;
    this.#pair = new FailureBackoff(options.pair ?? SIGN_IN_THROTTLE_DEFAULTS.pair, now);
    this.#address = new FailureBackoff(options.address ?? SIGN_IN_THROTTLE_DEFAULTS.address, now);
    this.#username = new FailureBackoff(
      options.username ?? SIGN_IN_THROTTLE_DEFAULTS.username,
      now,
    );
  }

  /** Admits a sign-in of `username` from `address`, or throws TooManyRequests (429). */
  admit(username: string, address: string): SignInAttempt {
    const pair = `${address}\u0000${username}`;
    const wait = Math.max(
      this.#pair.waitMs(pair),
      this.#address.waitMs(address),
      this.#pair.hasFailed(pair) ? this.#username.waitMs(username) : 0,
    );
    if (wait > 0) {
      throw new TooManyRequests(wait / 1000, 'too many failed sign-ins; retry later');
    }
    const keys = [
      [this.#pair, pair],
      [this.#address, address],
      [this.#username, username],
    ] as const;
    for (const [backoff, key] of keys) {
      backoff.begin(key);
    }
    let isSettled = false;
    return {
      settle: (outcome) => {
        if (isSettled) {
          return;
        }
        isSettled = true;
        for (const [backoff, key] of keys) {
          backoff.settle(key, outcome === 'failed');
        }
      },
    };
  }
}

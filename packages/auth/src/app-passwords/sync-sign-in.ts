import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { SyncLogin } from '@podcast/db';
import { HashGate } from './hash-gate.js';
import type { ScryptCost } from './password-hash.js';
import { SignInThrottle, type SignInThrottleOptions } from './sign-in-throttle.js';
import { syncSessionKeyOf } from './sync-sessions.js';
import { createVerifiedCredentials, type VerifiedCredentials } from './verified-credentials.js';

/** A credential that matched: its account and the password it is. */
export interface MatchedCredential {
  login: SyncLogin;
  matched: SyncLogin['passwords'][number];
}

/** What a process keeps for gPodder sign-ins: built once, in the app's context. */
export interface SyncSignIn {
  /** Credentials that passed scrypt lately: they skip the throttle and the hash. */
  verified: VerifiedCredentials;
  /** Failed sign-ins per user name and source address, checked before any hash. */
  throttle: SignInThrottle;
  /** Every scrypt of an app password runs through this gate. */
  hashing: HashGate;
  /**
   * Checks in flight by credential key: requests with the same credential
   * share one (one throttle admission, one hash), so an app's parallel first
   * requests never count as several attempts.
   */
  checking: Map<string, Promise<MatchedCredential | undefined>>;
  /** Derives the `sessionid` cookies handed to Basic sign-ins (sync-sessions.ts). */
  sessionKey: Buffer;
}

export interface SyncSignInOptions {
  /** The app's SESSION_SECRET, when set: session cookies then survive restarts. */
  sessionSecret?: string | undefined;
  throttle?: Partial<SignInThrottleOptions>;
  /** The gate's size; `cost` only ever differs from the default in tests, where scrypt dominated the run. */
  hashing?: { concurrency: number; maxWaiting: number; cost?: ScryptCost };
  random?: (size: number) => Buffer;
}

/**
 * One hash at a time per core but one, at most two: a machine of two cores
 * keeps a core (and most of libuv's pool) for everything else while
 * guesses wait; a queue of 32 still clears in seconds.
 */
export const HASHING_DEFAULTS = {
  concurrency: Math.min(2, Math.max(1, availableParallelism() - 1)),
  maxWaiting: 32,
} as const;

export function createSyncSignIn(options: SyncSignInOptions = {}): SyncSignIn {
  return {
    verified: createVerifiedCredentials(),
    throttle: new SignInThrottle(options.throttle),
    hashing: new HashGate(options.hashing ?? HASHING_DEFAULTS),
    checking: new Map(),
    sessionKey: syncSessionKeyOf(options.sessionSecret, options.random ?? randomBytes),
  };
}

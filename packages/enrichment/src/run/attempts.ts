import type { TierPolicy } from '../resilience/tier-policy.js';
import { backoffMs } from '../resilience/tier-policy.js';

export interface Clock {
  now(): Date;
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Calls `fire` after `ms` unless the returned function is called first. */
  timer(ms: number, fire: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  timer: (ms, fire) => {
    const handle = setTimeout(fire, ms);
    return () => clearTimeout(handle);
  },
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) {
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    }),
};

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`did not finish within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/** `task` raced against the tier's timeout (an enricher block's timeout_s wins). */
export async function withTimeout<T>(task: () => Promise<T> | T, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(task),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export type AttemptResult<T> =
  | { ok: true; value: T; retries: number }
  | { ok: false; error: Error; retries: number; circuitOpened: boolean };

export interface AttemptHooks {
  onStart(attempt: number): Promise<void>;
  onRetry(attempt: number, sleepMs: number, error: Error): Promise<void>;
  /** Counts a failure against the run's breaker; true when the circuit is now open. */
  onFailure(error: Error): boolean;
  onSuccess(): void;
}

/**
 * One invocation under the tier policy: up to 1 + maxRetries attempts, each
 * with the timeout, with exponential jittered sleeps between them, stopped
 * early when the breaker opens or the run is cancelled.
 */
export async function attempt<T>(
  policy: TierPolicy,
  timeoutMs: number,
  task: () => Promise<T> | T,
  deps: { clock: Clock; random: () => number; signal: AbortSignal },
  hooks: AttemptHooks,
): Promise<AttemptResult<T>> {
  let retries = 0;
  for (let attemptNo = 1; ; attemptNo += 1) {
    await hooks.onStart(attemptNo);
    try {
      const value = await withTimeout(task, timeoutMs);
      hooks.onSuccess();
      return { ok: true, value, retries };
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      const circuitOpened = hooks.onFailure(error);
      if (circuitOpened || attemptNo > policy.maxRetries || deps.signal.aborted) {
        return { ok: false, error, retries, circuitOpened };
      }
      const sleep = backoffMs(policy, attemptNo, deps.random);
      await hooks.onRetry(attemptNo + 1, sleep, error);
      retries += 1;
      await deps.clock.sleep(sleep, deps.signal);
      if (deps.signal.aborted) {
        return { ok: false, error, retries, circuitOpened: false };
      }
    }
  }
}

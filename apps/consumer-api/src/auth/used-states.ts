/** `full`: too many logins are in flight to remember another one safely. */
export type ConsumeResult = 'fresh' | 'replayed' | 'full';

/** Remembers consumed login states until they expire, so each works once. */
export interface UsedStateSet {
  consume(state: string, expiresAtMs: number, nowMs: number): ConsumeResult;
  readonly size: number;
}

/**
 * A bounded in-memory set. When it is full of unexpired states it refuses
 * rather than forgets one: forgetting would reopen a replay window, while
 * refusing only delays a login. Being per process, it protects a single
 * instance; several instances would need a shared store.
 */
export function createUsedStateSet(capacity: number): UsedStateSet {
  const expiries = new Map<string, number>();
  const sweep = (nowMs: number) => {
    for (const [state, expiresAtMs] of expiries) {
      if (expiresAtMs <= nowMs) {
        expiries.delete(state);
      }
    }
  };
  return {
    consume(state, expiresAtMs, nowMs) {
      if (expiries.has(state)) {
        return 'replayed';
      }
      if (expiries.size >= capacity) {
        sweep(nowMs);
        if (expiries.size >= capacity) {
          return 'full';
        }
      }
      expiries.set(state, expiresAtMs);
      return 'fresh';
    },
    get size() {
      return expiries.size;
    },
  };
}

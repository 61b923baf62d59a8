import type { CorpusSnapshot } from '../corpus-snapshot.js';

/**
 * Derives a value once per snapshot. Snapshots are immutable and a refresh
 * makes a new one, so the value can never go stale and is dropped with it.
 */
export function perSnapshot<T>(build: (snapshot: CorpusSnapshot) => T): (s: CorpusSnapshot) => T {
  const values = new WeakMap<CorpusSnapshot, T>();
  return (snapshot) => {
    if (values.has(snapshot)) {
      return values.get(snapshot) as T;
    }
    const value = build(snapshot);
    values.set(snapshot, value);
    return value;
  };
}

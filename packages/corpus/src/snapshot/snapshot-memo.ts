import type { CorpusSnapshot } from './corpus-snapshot.js';

/**
 * Derives a value once per snapshot (or per any other immutable key object).
 * Snapshots are immutable and a refresh makes a new one, so the value can
 * never go stale and is dropped with it.
 */
export function perSnapshot<T, S extends object = CorpusSnapshot>(
  build: (snapshot: S) => T,
): (snapshot: S) => T {
  const values = new WeakMap<S, T>();
  return (snapshot) => {
    if (values.has(snapshot)) {
      return values.get(snapshot) as T;
    }
    const value = build(snapshot);
    values.set(snapshot, value);
    return value;
  };
}

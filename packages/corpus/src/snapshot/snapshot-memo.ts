import type { CorpusSnapshot } from './corpus-snapshot.js';

/**
 * Values derived from one immutable owner (a snapshot, a parsed side file),
 * stored on that owner and dropped with it. Modules hold only their keys,
 * never the values, so nothing outlives the registry that built the owner.
 */
export interface DerivedValues {
  /** `build()` once per key; later calls answer the stored value. */
  derive<T>(key: symbol, build: () => T): T;
  /** How many values are stored (the debug route shows it per root). */
  readonly size: number;
}

export function createDerivedValues(): DerivedValues {
  const values = new Map<symbol, unknown>();
  return {
    derive<T>(key: symbol, build: () => T): T {
      if (values.has(key)) {
        return values.get(key) as T;
      }
      const value = build();
      values.set(key, value);
      return value;
    },
    get size() {
      return values.size;
    },
  };
}

/**
 * Derives a value once per snapshot. Snapshots are immutable and a refresh
 * makes a new one, so the value can never go stale and is dropped with it.
 */
export function perSnapshot<T, S extends Pick<CorpusSnapshot, 'derived'> = CorpusSnapshot>(
  build: (snapshot: S) => T,
  name = build.name,
): (snapshot: S) => T {
  const key = Symbol(name);
  return (snapshot) => snapshot.derived.derive(key, () => build(snapshot));
}

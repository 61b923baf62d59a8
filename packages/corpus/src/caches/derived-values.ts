/**
 * Values derived from one immutable owner (a snapshot, a parsed side file),
 * stored on that owner and dropped with it. Modules hold only their keys,
 * never the values, so nothing outlives the registry that built the owner.
 */
export interface DerivedValues {
  /** `build()` once per key; later calls answer the stored value. */
  derive<T>(key: symbol, build: () => T): T;
  /** Drops a stored value, so the next `derive` builds it again (a failed build is not kept). */
  forget(key: symbol): void;
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
    forget(key: symbol) {
      values.delete(key);
    },
    get size() {
      return values.size;
    },
  };
}

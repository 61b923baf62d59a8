import type { CacheStats } from './file-cache.js';

/** A list derived from a walk of one snapshot's tree, kept per root until that root's snapshot changes. */
export interface SnapshotLists {
  listFor(
    snapshot: { root: string },
    build: () => Promise<readonly string[]>,
  ): Promise<readonly string[]>;
  stats(): CacheStats;
  clear(): void;
}

interface Entry {
  snapshot: object;
  list: Promise<readonly string[]>;
  bytes: number;
}

/**
 * One entry per root (a new snapshot replaces it), at most `maxEntries`
 * roots, least recently used dropped. Bytes count the listed paths' text.
 */
export function createSnapshotLists(limits: { name: string; maxEntries: number }): SnapshotLists {
  const entries = new Map<string, Entry>();
  let hits = 0;
  let misses = 0;
  return {
    listFor(snapshot, build) {
      const known = entries.get(snapshot.root);
      entries.delete(snapshot.root);
      if (known?.snapshot === snapshot) {
        hits++;
        entries.set(snapshot.root, known);
        return known.list;
      }
      misses++;
      const entry: Entry = { snapshot, list: build(), bytes: 0 };
      entry.list.then(
        (list) => {
          entry.bytes = list.reduce((sum, item) => sum + item.length, 0);
        },
        () => entries.get(snapshot.root) === entry && entries.delete(snapshot.root),
      );
      entries.set(snapshot.root, entry);
      if (entries.size > limits.maxEntries) {
        entries.delete(entries.keys().next().value as string);
      }
      return entry.list;
    },
    stats() {
      let bytes = 0;
      for (const entry of entries.values()) bytes += entry.bytes;
      return { ...limits, maxBytes: 0, entries: entries.size, bytes, hits, misses };
    },
    clear: () => entries.clear(),
  };
}

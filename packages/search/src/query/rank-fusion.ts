/** The constant of Cormack et al. (2009); it damps the head so one list cannot dominate. */
export const RRF_K = 60;

export interface FusedItem<T> {
  item: T;
  score: number;
}

/**
 * Reciprocal rank fusion: an item scores the sum of 1 / (k + rank) over the
 * lists it appears in (rank from 1). Ties keep the order of first appearance
 * across the lists, so the result is deterministic.
 */
export function reciprocalRankFusion<T>(
  lists: readonly (readonly T[])[],
  keyOf: (item: T) => string,
  k = RRF_K,
): FusedItem<T>[] {
  const fused = new Map<string, { item: T; score: number; first: number }>();
  let seen = 0;
  for (const list of lists) {
    const ranked = new Set<string>();
    list.forEach((item, index) => {
      const key = keyOf(item);
      if (ranked.has(key)) {
        return;
      }
      ranked.add(key);
      const entry = fused.get(key) ?? { item, score: 0, first: seen++ };
      entry.score += 1 / (k + index + 1);
      fused.set(key, entry);
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .map(({ item, score }) => ({ item, score }));
}

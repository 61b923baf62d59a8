export interface RelevanceScore {
  /** Share of queries whose target is in the first five results. */
  recall_at_5: number;
  /** Mean of 1 / rank of the first relevant result (0 when absent). */
  mrr: number;
  queries: number;
}

/** Pure: recall@5 and MRR from the 1-based rank of each query's first relevant hit (undefined = not found). */
export function scoreRanks(ranks: readonly (number | undefined)[]): RelevanceScore {
  const n = ranks.length;
  if (n === 0) {
    return { recall_at_5: 0, mrr: 0, queries: 0 };
  }
  const found = ranks.filter((rank): rank is number => rank !== undefined);
  return {
    recall_at_5: found.filter((rank) => rank <= 5).length / n,
    mrr: found.reduce((sum, rank) => sum + 1 / rank, 0) / n,
    queries: n,
  };
}

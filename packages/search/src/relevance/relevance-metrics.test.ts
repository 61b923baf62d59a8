import { describe, expect, it } from '@jest/globals';
import { scoreRanks } from './relevance-metrics.js';

describe('relevance metrics', () => {
  it('computes recall@5 and MRR, counting misses as zero', () => {
    expect(scoreRanks([1, 2, 6, undefined])).toEqual({
      recall_at_5: 0.5,
      mrr: (1 + 1 / 2 + 1 / 6) / 4,
      queries: 4,
    });
  });

  it('is zero for no queries', () => {
    expect(scoreRanks([])).toEqual({ recall_at_5: 0, mrr: 0, queries: 0 });
  });
});

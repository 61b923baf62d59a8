import { type InsightRanker, insightRankKey } from '@podcast/corpus';
import { rowsOnlySearchCorpus } from '@podcast/search';
import type { ViewerCtx } from '../../context.js';

/** Insight hits asked of the index when re-ranking a relational list. */
const RANK_DEPTH = 200;

/**
 * The entity-scoped hybrid query of the relational routes: insight-tier hits
 * for the scope's label, by rank. Undefined without a usable index (or for a
 * blank label, or when the index read fails), so the route keeps structural
 * order. Not logged: the query
 * log records what people search for, not what routes ask. The ranks need
 * only each hit's ids, so no hit is hydrated: nothing of the corpus of
 * `root` is read, whichever store answers the route.
 */
export function insightRanker(ctx: ViewerCtx, root: string): InsightRanker {
  return async (label) => {
    if (label.trim() === '') {
      return undefined;
    }
    const outcome = await ctx.search
      .search(rowsOnlySearchCorpus(root), { q: label, topK: RANK_DEPTH, docTypes: ['insight'] })
      .catch((err: unknown) => {
        // Relational routes never raise: a failing index read degrades to structural order.
        ctx.logger.warn({ err, root }, 'relational re-rank failed');
        return undefined;
      });
    if (outcome?.status !== 'ok') {
      return undefined;
    }
    return new Map(
      outcome.hits.map((hit, rank) => [insightRankKey(hit.episode_id, hit.source_id), rank]),
    );
  };
}

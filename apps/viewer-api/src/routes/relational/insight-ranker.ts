import { type CorpusSnapshot, type InsightRanker, insightRankKey } from '@podcast/corpus';
import type { ViewerCtx } from '../../context.js';

/** Insight hits asked of the index when re-ranking a relational list. */
const RANK_DEPTH = 200;

/**
 * The entity-scoped hybrid query of the relational routes: insight-tier hits
 * for the scope's label, by rank. Undefined without a usable index (or for a
 * blank label, or when the index read fails), so the route keeps structural
 * order. Not logged: the query
 * log records what people search for, not what routes ask.
 */
export function insightRanker(ctx: ViewerCtx, snapshot: CorpusSnapshot): InsightRanker {
  return async (label) => {
    if (label.trim() === '') {
      return undefined;
    }
    const outcome = await ctx.search
      .search(snapshot, { q: label, topK: RANK_DEPTH, docTypes: ['insight'] })
      .catch((err: unknown) => {
        // Relational routes never raise: a failing index read degrades to structural order.
        ctx.logger.warn({ err, root: snapshot.root }, 'relational re-rank failed');
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

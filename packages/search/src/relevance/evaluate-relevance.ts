import type { CorpusSnapshot } from '@podcast/corpus';
import type { SearchMode } from '../query/ranked-lists.js';
import type { SearchService } from '../search-service.js';
import { type RelevanceScore, scoreRanks } from './relevance-metrics.js';
import type { RelevanceCase } from './sample-queries.js';

/** The target insight and the quotes supporting it (a transcript hit counts when it lifts to the target). */
function relevantIds(snapshot: CorpusSnapshot, insightId: string): Set<string> {
  const ids = new Set([insightId]);
  for (const episode of snapshot.episodes) {
    const insight = snapshot.graphOf(episode)?.insights.find((i) => i.id === insightId);
    for (const quoteId of insight?.quoteIds ?? []) {
      ids.add(quoteId);
    }
  }
  return ids;
}

/** Runs every case in one mode over every tier (top 10) and scores the ranks. */
export async function evaluateRelevance(
  search: SearchService,
  snapshot: CorpusSnapshot,
  cases: readonly RelevanceCase[],
  mode: SearchMode,
): Promise<RelevanceScore> {
  const ranks: (number | undefined)[] = [];
  for (const { query, insightId } of cases) {
    const outcome = await search.search(snapshot, { q: query, topK: 10, mode });
    const hits = outcome.status === 'ok' ? outcome.hits : [];
    const relevant = relevantIds(snapshot, insightId);
    const index = hits.findIndex(
      (hit) => relevant.has(hit.source_id) || hit.lifted?.insight.id === insightId,
    );
    ranks.push(index < 0 ? undefined : index + 1);
  }
  return scoreRanks(ranks);
}

import type { SearchCompareRequest, SearchQuery, SearchResponse } from '@podcast/contracts';
import type { SearchOutcome, SearchRequest } from '@podcast/search';

/** The filters GET /api/search and POST /api/search/compare share, as the service asks them. */
type SearchFilters =
  | Omit<SearchQuery, 'q' | 'path'>
  | Omit<SearchCompareRequest, 'a' | 'b' | 'path'>;

/** One logged query for `q` with the route's filters. */
export function searchRequestOf(q: string, filters: SearchFilters): SearchRequest {
  return {
    q,
    topK: filters.top_k,
    docTypes: filters.type,
    feed: filters.feed,
    since: filters.since,
    speaker: filters.speaker,
    groundedOnly: filters.grounded_only,
    embeddingModel: filters.embedding_model,
    dedupeKgSurfaces: filters.dedupe_kg_surfaces,
    logQuery: true,
  };
}

/** A search outcome as the wire shape: soft failures are 200 with `error` set (spec 01). */
export function searchResponseOf(
  query: string,
  root: string,
  outcome: SearchOutcome,
): SearchResponse {
  const base = { query, path: root, query_type: outcome.query_type, results: [] };
  switch (outcome.status) {
    case 'no_index':
      return {
        ...base,
        no_index: true,
        embedding_model: null,
        error: 'no_index',
        detail: 'this corpus has no usable search index: POST /api/index/rebuild builds one',
      };
    case 'model_mismatch':
      return {
        ...base,
        no_index: false,
        embedding_model: outcome.index_model,
        error: 'embedding_model_mismatch',
        detail: `the index was built with ${outcome.index_model}, not ${outcome.requested_model}`,
      };
    default:
      return {
        ...base,
        results: outcome.hits,
        no_index: false,
        embedding_model: outcome.embedding_model,
        error: null,
        lift_stats: outcome.lift_stats,
      };
  }
}

import type { AppSearchResponse } from '@podcast/contracts';
import { artworkUrl } from '@podcast/corpus';
import type { SearchCorpus, SearchOutcome } from '@podcast/search';

/**
 * A search outcome as the consumer wire shape: hits add the episode's card
 * artwork; no index is 200 with `no_index: true` (spec 01 soft failures).
 */
export async function appSearchResponse(
  query: string,
  corpus: SearchCorpus,
  outcome: SearchOutcome,
): Promise<AppSearchResponse> {
  const base = { query, query_type: outcome.query_type, results: [], detail: undefined };
  if (outcome.status !== 'ok') {
    const error = outcome.status === 'no_index' ? 'no_index' : 'embedding_model_mismatch';
    return { ...base, no_index: outcome.status === 'no_index', embedding_model: null, error };
  }
  const episodes = await corpus.episodesByIds(outcome.hits.map((hit) => hit.episode_id));
  const results = outcome.hits.map((hit) => {
    const episode = episodes.get(hit.episode_id);
    return { ...hit, episode_artwork: artworkUrl(episode?.artwork_relpath ?? null, 'thumb') };
  });
  return {
    ...base,
    results,
    no_index: false,
    embedding_model: outcome.embedding_model,
    error: null,
    lift_stats: outcome.lift_stats,
  };
}

import type { CorpusSnapshot } from '@podcast/corpus';
import type { Favorites } from '@podcast/db';

/**
 * Favorites as listed: an episode favorite whose slug left the corpus, and an
 * insight favorite whose episode did, keep their rows but are not shown
 * (docs/decisions/accounts.md). Persons and topics are listed as stored.
 */
export function visibleFavorites(snapshot: CorpusSnapshot, favorites: Favorites): Favorites {
  const isPresent = (slug: unknown) =>
    typeof slug !== 'string' || snapshot.findEpisodeBySlug(slug) !== undefined;
  return {
    ...favorites,
    episodes: favorites.episodes.filter((item) => snapshot.findEpisodeBySlug(item.ref)),
    insights: favorites.insights.filter((item) => isPresent(item.episode_slug)),
  };
}

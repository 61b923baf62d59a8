import {
  type FavoriteKind,
  type FavoriteSaveBody,
  type Favorites,
  NotFound,
} from '@podcast/contracts';
import { deleteFavorite, listFavorites, type SavedFavorite, saveFavorite } from '@podcast/db';
import type { UserStateDeps } from './deps.js';
import { getEpisodeIn } from './episode-of.js';
import { insightDetails } from './insight-details.js';
import { type EpisodeRef, shownRowsIn } from './shown-rows.js';

function episodeFavoriteRef(item: SavedFavorite): EpisodeRef {
  return { slug: item.ref };
}

function insightFavoriteRef(item: SavedFavorite): EpisodeRef {
  return typeof item.episode_slug === 'string' ? { slug: item.episode_slug } : undefined;
}

/**
 * The user's favorites grouped by kind, as every favorites route answers: an
 * episode favorite whose slug left the corpus, and an insight favorite whose
 * episode did, are hidden (shown-rows.ts). Persons and topics are listed as stored.
 */
export async function listUserFavorites(deps: UserStateDeps, userId: string): Promise<Favorites> {
  const saved = await listFavorites(deps.db, userId);
  const [episodes, insights] = await Promise.all([
    shownRowsIn(deps, saved.episodes, episodeFavoriteRef),
    shownRowsIn(deps, saved.insights, insightFavoriteRef),
  ]);
  // Every stored extra passed FavoriteSaveBody on its way in; the kit checks the
  // answer against Favorites again on its way out.
  return { ...saved, episodes, insights } as Favorites;
}

/**
 * The stored extras of an insight favorite: the corpus fills text, episode_slug,
 * podcast_title and start_ms where the body leaves them out. Without text the
 * ref must name an insight of the corpus (NotFound), as nothing else could be listed.
 */
async function insightExtras(
  deps: UserStateDeps,
  ref: string,
  extra: Omit<FavoriteSaveBody, 'kind' | 'ref'>,
) {
  const filled = { ...(await insightDetails(deps.holdings, ref, extra.episode_slug)), ...extra };
  if (filled.text === undefined) {
    const where = extra.episode_slug === undefined ? 'the corpus' : `episode ${extra.episode_slug}`;
    throw new NotFound(`ref: no insight ${ref} in ${where}; send its text to save it anyway`, {
      field: 'body.ref',
    });
  }
  return filled;
}

/**
 * Saves a favorite (idempotent on kind and ref). An episode it names must be in
 * the corpus (NotFound); an insight favorite is completed from the corpus
 * (insightExtras).
 */
export async function saveUserFavorite(
  deps: UserStateDeps,
  userId: string,
  body: FavoriteSaveBody,
): Promise<Favorites> {
  const { kind, ref, ...extra } = body;
  const slug = kind === 'episode' ? ref : extra.episode_slug;
  if (slug !== undefined) {
    await getEpisodeIn(deps, slug);
  }
  const filled = kind === 'insight' ? await insightExtras(deps, ref, extra) : extra;
  await saveFavorite(deps.db, userId, { kind, ref, extra: filled }, deps.now());
  return listUserFavorites(deps, userId);
}

/** Removes a favorite (absent is a no-op) and answers the whole grouped list. */
export async function removeUserFavorite(
  deps: UserStateDeps,
  userId: string,
  kind: FavoriteKind,
  ref: string,
): Promise<Favorites> {
  await deleteFavorite(deps.db, userId, kind, ref);
  return listUserFavorites(deps, userId);
}

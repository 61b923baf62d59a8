import { type FavoriteKind, type Favorites, MAX_FAVORITES } from '@podcast/contracts';
import { assertRoomFor } from './caps.js';
import { type DbExecutor, withUserLock } from './executor.js';
import type { FavoriteExtra } from './schema.js';

/**
 * One stored favorite: its extra fields (a JSON object, as saved) with `ref` on top.
 * Not the API's `FavoriteItem`: the table holds whatever object was stored, and
 * @podcast/user-state turns these rows into the contracts `Favorites` answer.
 */
export type SavedFavorite = FavoriteExtra & { ref: string };

/** Stored favorites in the contracts' groups (one group per `Favorites` key). */
export type SavedFavorites = Record<keyof Favorites, SavedFavorite[]>;

export interface FavoriteInput {
  kind: FavoriteKind;
  ref: string;
  /** Client-supplied display fields (text, episode_slug, podcast_title, start_ms, …). */
  extra?: FavoriteExtra;
}

const GROUP_OF: Record<FavoriteKind, keyof SavedFavorites> = {
  episode: 'episodes',
  insight: 'insights',
  person: 'persons',
  topic: 'topics',
};

/** Favorites grouped by kind, most recently first saved first within each group. */
export async function listFavorites(db: DbExecutor, userId: string): Promise<SavedFavorites> {
  const rows = await db
    .selectFrom('favorites')
    .select(['kind', 'ref', 'extra'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('ref')
    .execute();
  const favorites: SavedFavorites = { episodes: [], insights: [], persons: [], topics: [] };
  for (const row of rows) {
    favorites[GROUP_OF[row.kind]].push({ ...row.extra, ref: row.ref });
  }
  return favorites;
}

/**
 * Saves a favorite; saving the same (kind, ref) again replaces its extra fields
 * and keeps its original save time. Concurrent saves leave one row.
 */
export async function saveFavorite(
  db: DbExecutor,
  userId: string,
  favorite: FavoriteInput,
  now: Date,
): Promise<SavedFavorite> {
  const extra = JSON.stringify(favorite.extra ?? {});
  return withUserLock(db, userId, async (trx) => {
    const known = await trx
      .selectFrom('favorites')
      .select('ref')
      .where('user_id', '=', userId)
      .where('kind', '=', favorite.kind)
      .where('ref', '=', favorite.ref)
      .executeTakeFirst();
    if (known === undefined) {
      await assertRoomFor(trx, 'favorites', userId, 1, MAX_FAVORITES, 'favorites');
    }
    const row = await trx
      .insertInto('favorites')
      .values({ user_id: userId, kind: favorite.kind, ref: favorite.ref, extra, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'ref']).doUpdateSet({ extra }))
      .returning(['ref', 'extra'])
      .executeTakeFirstOrThrow();
    return { ...row.extra, ref: row.ref };
  });
}

/** Returns true when a favorite was removed, false when there was none. */
export async function deleteFavorite(
  db: DbExecutor,
  userId: string,
  kind: FavoriteKind,
  ref: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('favorites')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('ref', '=', ref)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

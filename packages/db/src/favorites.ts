import type { DbExecutor } from './executor.js';
import type { FavoriteExtra, FavoriteKind } from './schema.js';

/** One saved favorite as clients read it: its extra fields with `ref` on top. */
export type FavoriteItem = FavoriteExtra & { ref: string };

export interface Favorites {
  episodes: FavoriteItem[];
  insights: FavoriteItem[];
  persons: FavoriteItem[];
  topics: FavoriteItem[];
}

export interface FavoriteInput {
  kind: FavoriteKind;
  ref: string;
  /** Client-supplied display fields (text, episode_slug, podcast_title, start_ms, …). */
  extra?: FavoriteExtra;
}

const GROUP_OF: Record<FavoriteKind, keyof Favorites> = {
  episode: 'episodes',
  insight: 'insights',
  person: 'persons',
  topic: 'topics',
};

/** Favorites grouped by kind, most recently first saved first within each group. */
export async function listFavorites(db: DbExecutor, userId: string): Promise<Favorites> {
  const rows = await db
    .selectFrom('favorites')
    .select(['kind', 'ref', 'extra'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('ref')
    .execute();
  const favorites: Favorites = { episodes: [], insights: [], persons: [], topics: [] };
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
): Promise<FavoriteItem> {
  const extra = JSON.stringify(favorite.extra ?? {});
  const row = await db
    .insertInto('favorites')
    .values({ user_id: userId, kind: favorite.kind, ref: favorite.ref, extra, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'ref']).doUpdateSet({ extra }))
    .returning(['ref', 'extra'])
    .executeTakeFirstOrThrow();
  return { ...row.extra, ref: row.ref };
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

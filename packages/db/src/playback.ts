import type { PlaybackPosition } from '@podcast/contracts';
import { sql } from 'kysely';
import type { DbExecutor } from './executor.js';
import { isoUtc, toIso } from './timestamps.js';

/**
 * Every saved position of the user, most recently updated first. The list is
 * built as one JSON value in the database, timestamps already ISO-8601 UTC
 * with milliseconds (as `toISOString` writes them): an app asks for it on
 * every start, and decoding a hundred rows and their dates one by one was
 * most of the route's cost.
 */
export async function listPlayback(db: DbExecutor, userId: string): Promise<PlaybackPosition[]> {
  const row = await db
    .selectFrom('playback_positions')
    .select(
      sql<PlaybackPosition[] | string>`coalesce(json_agg(json_build_object(
        'slug', slug,
        'position_seconds', position_seconds,
        'updated_at', ${isoUtc(sql.ref('updated_at'))}
      ) order by updated_at desc, slug), '[]'::json)`.as('items'),
    )
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  // pg decodes json columns; PGlite does too, but a driver handing back text is parsed here.
  return typeof row.items === 'string' ? JSON.parse(row.items) : row.items;
}

/** The saved position, or 0 (without `updated_at`) when the user never saved one. */
export async function getPlayback(
  db: DbExecutor,
  userId: string,
  slug: string,
): Promise<PlaybackPosition> {
  const row = await db
    .selectFrom('playback_positions')
    .select(['slug', 'position_seconds', 'updated_at'])
    .where('user_id', '=', userId)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row === undefined
    ? { slug, position_seconds: 0 }
    : { ...row, updated_at: toIso(row.updated_at) };
}

/**
 * Saves the position (last write wins). A negative or non-finite value is
 * refused by the table's check constraint.
 */
export async function putPlayback(
  db: DbExecutor,
  userId: string,
  slug: string,
  positionSeconds: number,
  now: Date,
): Promise<PlaybackPosition> {
  const row = await db
    .insertInto('playback_positions')
    .values({ user_id: userId, slug, position_seconds: positionSeconds, updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'slug'])
        .doUpdateSet({ position_seconds: positionSeconds, updated_at: now }),
    )
    .returning(['slug', 'position_seconds', 'updated_at'])
    .executeTakeFirstOrThrow();
  return { ...row, updated_at: toIso(row.updated_at) };
}

import type { PlaybackPosition } from '@podcast/contracts';
import { sql } from 'kysely';
import type { DbExecutor } from './executor.js';
import { isoUtc, toIso } from './timestamps.js';

/**
 * Every saved position of the user, most recently updated first. The list
 * comes back as one JSON array of `[slug, position, ISO time, finished]`
 * built in the database, with the time formatted in SQL (`isoUtc`): an app
 * asks for it on every start, and the API process, not PostgreSQL, is what
 * saturates first, so decoding rows and dates one by one in JS would cost
 * most of the route's time.
 */
export async function listPlayback(db: DbExecutor, userId: string): Promise<PlaybackPosition[]> {
  const row = await db
    .selectFrom('playback_positions')
    .select(
      sql<PlaybackTriple[] | string>`coalesce(json_agg(json_build_array(
        slug, position_seconds, ${isoUtc(sql.ref('updated_at'))}, finished
      ) order by updated_at desc, slug), '[]'::json)`.as('items'),
    )
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  // pg decodes json columns; PGlite does too, but a driver handing back text is parsed here.
  const triples: PlaybackTriple[] =
    typeof row.items === 'string' ? JSON.parse(row.items) : row.items;
  return triples.map(([slug, position_seconds, updated_at, finished]) =>
    positionOf({ slug, position_seconds, updated_at, finished }),
  );
}

type PlaybackTriple = [slug: string, position: number, updatedAt: string, finished: boolean];

/** A stored row as the API answers it: `finished` only when set; a time from SQL is ISO already. */
function positionOf(row: {
  slug: string;
  position_seconds: number;
  updated_at: Date | string;
  finished: boolean;
}): PlaybackPosition {
  const position = {
    slug: row.slug,
    position_seconds: row.position_seconds,
    updated_at: typeof row.updated_at === 'string' ? row.updated_at : toIso(row.updated_at),
  };
  return row.finished ? { ...position, finished: true } : position;
}

/** The saved position, or 0 (without `updated_at`) when the user never saved one. */
export async function getPlayback(
  db: DbExecutor,
  userId: string,
  slug: string,
): Promise<PlaybackPosition> {
  const row = await db
    .selectFrom('playback_positions')
    .select(['slug', 'position_seconds', 'updated_at', 'finished'])
    .where('user_id', '=', userId)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row === undefined ? { slug, position_seconds: 0 } : positionOf(row);
}

/** One position to save for one user, stamped with the time it was taken. */
export interface PlaybackWrite {
  userId: string;
  slug: string;
  positionSeconds: number;
  at: Date;
  /** Marked finished (absent: false). */
  finished?: boolean;
}

const keyOf = (userId: string, slug: string) => `${userId}\u0000${slug}`;

/**
 * Saves many positions in one statement; the newest write of each (user,
 * episode) wins, and a write older than the stored one changes nothing.
 * Answers the stored row of every key written, keyed by `playbackKey`. Rows
 * go in (user, slug) order so concurrent batches lock them in one order. A
 * negative or non-finite value is refused by the table's check constraint,
 * which fails the whole statement.
 */
export async function putPlaybackMany(
  db: DbExecutor,
  writes: readonly PlaybackWrite[],
): Promise<Map<string, PlaybackPosition>> {
  const newest = new Map<string, PlaybackWrite>();
  for (const write of writes) {
    const key = keyOf(write.userId, write.slug);
    const known = newest.get(key);
    if (known === undefined || known.at.getTime() <= write.at.getTime()) {
      newest.set(key, write);
    }
  }
  const rows = [...newest.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, w]) => ({
      user_id: w.userId,
      slug: w.slug,
      position_seconds: w.positionSeconds,
      updated_at: w.at,
      finished: w.finished === true,
    }));
  const out = new Map<string, PlaybackPosition>();
  if (rows.length === 0) {
    return out;
  }
  // One statement: the upsert, and a bump of the revision of each user whose
  // row it changed (a write older than the stored row changes nothing).
  const written = await db
    .with('written', (qb) =>
      qb
        .insertInto('playback_positions')
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'slug'])
            .doUpdateSet((eb) => ({
              position_seconds: eb.ref('excluded.position_seconds'),
              updated_at: eb.ref('excluded.updated_at'),
              finished: eb.ref('excluded.finished'),
            }))
            .where('playback_positions.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
        )
        .returning(['user_id', 'slug', 'position_seconds', 'updated_at', 'finished']),
    )
    .with('bumped', (qb) =>
      qb
        .updateTable('users')
        .set({ playback_rev: sql`playback_rev + 1` })
        .where('id', 'in', (eb) => eb.selectFrom('written').select('written.user_id'))
        .returning('users.id'),
    )
    .selectFrom('written')
    .select(['user_id', 'slug', 'position_seconds', 'updated_at', 'finished'])
    .execute();
  for (const row of written) {
    out.set(keyOf(row.user_id, row.slug), positionOf(row));
  }
  // Keys whose stored row was newer were left alone: answer what is stored.
  for (const write of newest.values()) {
    const key = keyOf(write.userId, write.slug);
    if (!out.has(key)) {
      out.set(key, await getPlayback(db, write.userId, write.slug));
    }
  }
  return out;
}

/** The key of one (user, episode) in what `putPlaybackMany` answers. */
export const playbackKey = keyOf;

/**
 * Saves one position (the newest write wins; see putPlaybackMany).
 */
export async function putPlayback(
  db: DbExecutor,
  userId: string,
  slug: string,
  positionSeconds: number,
  now: Date,
): Promise<PlaybackPosition> {
  const saved = await putPlaybackMany(db, [{ userId, slug, positionSeconds, at: now }]);
  return saved.get(keyOf(userId, slug)) as PlaybackPosition;
}

/**
 * The revision of a user's playback positions (0 before the first write,
 * "none" for an unknown user): any change to the list changes it.
 */
export async function playbackRevisionOf(db: DbExecutor, userId: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('playback_rev')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? 'none' : String(row.playback_rev);
}

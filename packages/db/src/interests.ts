import { type Interests, MAX_INTERESTS } from '@podcast/contracts';
import { sql } from 'kysely';
import { assertRoomFor, CapReached } from './caps.js';
import { type DbExecutor, withUserLock } from './executor.js';

/** Tokens in byte order (COLLATE "C"), so every server sorts them alike. */
export async function listInterests(db: DbExecutor, userId: string): Promise<Interests> {
  const rows = await db
    .selectFrom('interests')
    .select('token')
    .where('user_id', '=', userId)
    .orderBy(sql`token collate "C"`)
    .execute();
  return { items: rows.map((row) => row.token) };
}

/** Replaces the whole set atomically (repeats collapse); returns the stored set. */
export async function replaceInterests(
  db: DbExecutor,
  userId: string,
  tokens: readonly string[],
  now: Date,
): Promise<Interests> {
  const unique = [...new Set(tokens)];
  if (unique.length > MAX_INTERESTS) {
    throw new CapReached('interests', MAX_INTERESTS);
  }
  return withUserLock(db, userId, async (trx) => {
    await trx.deleteFrom('interests').where('user_id', '=', userId).execute();
    if (unique.length > 0) {
      await trx
        .insertInto('interests')
        .values(unique.map((token) => ({ user_id: userId, token, created_at: now })))
        // A concurrent addInterest may have inserted one of these tokens meanwhile.
        .onConflict((oc) => oc.columns(['user_id', 'token']).doNothing())
        .execute();
    }
    return listInterests(trx, userId);
  });
}

/**
 * Follows one token; following it again changes nothing. CapReached past
 * MAX_INTERESTS, counted under the user-row lock.
 */
export async function addInterest(
  db: DbExecutor,
  userId: string,
  token: string,
  now: Date,
): Promise<Interests> {
  return withUserLock(db, userId, async (trx) => {
    const known = await trx
      .selectFrom('interests')
      .select('token')
      .where('user_id', '=', userId)
      .where('token', '=', token)
      .executeTakeFirst();
    if (known === undefined) {
      await assertRoomFor(trx, 'interests', userId, 1, MAX_INTERESTS, 'interests');
      await trx
        .insertInto('interests')
        .values({ user_id: userId, token, created_at: now })
        .execute();
    }
    return listInterests(trx, userId);
  });
}

/** Unfollows one token; unfollowing an absent token is a no-op. */
export async function removeInterest(
  db: DbExecutor,
  userId: string,
  token: string,
): Promise<Interests> {
  await db
    .deleteFrom('interests')
    .where('user_id', '=', userId)
    .where('token', '=', token)
    .execute();
  return listInterests(db, userId);
}

import { assertRoomFor } from './caps.js';
import { type DbExecutor, withUserLock } from './executor.js';
import {
  deleteNamedCredential,
  listNamedCredentials,
  type NamedCredentialRow,
  touchNamedCredential,
} from './named-credentials.js';
import { toIso } from './timestamps.js';

export type FeedTokenRow = NamedCredentialRow;

/** Stores a new feed token's hash, refusing the one past `max` (CapReached, a 409). */
export async function insertFeedToken(
  db: DbExecutor,
  row: { id: string; userId: string; name: string; tokenHash: string; now: Date },
  max: number,
): Promise<FeedTokenRow> {
  return withUserLock(db, row.userId, async (trx) => {
    await assertRoomFor(trx, 'feed_tokens', row.userId, 1, max, 'feed tokens');
    await trx
      .insertInto('feed_tokens')
      .values({
        id: row.id,
        user_id: row.userId,
        name: row.name,
        token_hash: row.tokenHash,
        created_at: row.now,
      })
      .execute();
    return { id: row.id, name: row.name, created_at: toIso(row.now), last_used_at: null };
  });
}

/** The user's feed tokens, oldest first, without their hashes. */
export function listFeedTokens(db: DbExecutor, userId: string): Promise<FeedTokenRow[]> {
  return listNamedCredentials(db, 'feed_tokens', userId);
}

/** Revokes one of the user's feed tokens; false when there was none. */
export function deleteFeedToken(db: DbExecutor, userId: string, id: string): Promise<boolean> {
  return deleteNamedCredential(db, 'feed_tokens', userId, id);
}

/** The token a hash names, with its owner; undefined once revoked. */
export async function findFeedToken(
  db: DbExecutor,
  tokenHash: string,
): Promise<{ id: string; userId: string } | undefined> {
  const row = await db
    .selectFrom('feed_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && { id: row.id, userId: row.user_id };
}

/** Notes a use of a feed token, at most once a minute (a podcast app polls its feeds often). */
export function touchFeedToken(db: DbExecutor, id: string, now: Date): Promise<void> {
  return touchNamedCredential(db, 'feed_tokens', id, now);
}

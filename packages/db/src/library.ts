import type { DbExecutor } from './executor.js';
import { toIso } from './timestamps.js';

export interface LibrarySubscription {
  feed_id: string;
  created_at: string;
}

/** The user's subscribed shows, oldest subscription first. */
export async function listSubscriptions(
  db: DbExecutor,
  userId: string,
): Promise<LibrarySubscription[]> {
  const rows = await db
    .selectFrom('library_subscriptions')
    .select(['feed_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('feed_id')
    .execute();
  return rows.map((row) => ({ feed_id: row.feed_id, created_at: toIso(row.created_at) }));
}

/** Idempotent: returns true when the subscription is new, false when it already existed. */
export async function subscribe(
  db: DbExecutor,
  userId: string,
  feedId: string,
  now: Date,
): Promise<boolean> {
  return (await subscribeMany(db, userId, [feedId], now)) === 1;
}

// Keeps one INSERT well under PostgreSQL's 65,535 bind parameters per statement.
const INSERT_CHUNK = 1000;

/** Subscribes to every feed (OPML import); returns how many were new. Repeats are ignored. */
export async function subscribeMany(
  db: DbExecutor,
  userId: string,
  feedIds: readonly string[],
  now: Date,
): Promise<number> {
  const unique = [...new Set(feedIds)];
  let inserted = 0;
  for (let start = 0; start < unique.length; start += INSERT_CHUNK) {
    const chunk = unique.slice(start, start + INSERT_CHUNK);
    const result = await db
      .insertInto('library_subscriptions')
      .values(chunk.map((feedId) => ({ user_id: userId, feed_id: feedId, created_at: now })))
      .onConflict((oc) => oc.columns(['user_id', 'feed_id']).doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return inserted;
}

/** Returns true when a subscription was removed, false when there was none. */
export async function unsubscribe(
  db: DbExecutor,
  userId: string,
  feedId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('library_subscriptions')
    .where('user_id', '=', userId)
    .where('feed_id', '=', feedId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

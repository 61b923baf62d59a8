import { MAX_LIBRARY_FEEDS } from '@podcast/contracts';
import { forEachBatch } from './batches.js';
import { assertRoomFor } from './caps.js';
import { type DbExecutor, withUserLock } from './executor.js';
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
  return (await subscribeMany(db, userId, [feedId], now)).length === 1;
}

// Keeps one INSERT well under PostgreSQL's 65,535 bind parameters per statement.
const INSERT_CHUNK = 1000;

/**
 * Subscribes to every feed (OPML import); repeats are ignored. Returns the feed ids this call
 * inserted, in input order: the unique index decides, so of two racing calls naming the same
 * feed exactly one gets it back (ON CONFLICT DO NOTHING returns no row for the loser).
 */
export async function subscribeMany(
  db: DbExecutor,
  userId: string,
  feedIds: readonly string[],
  now: Date,
): Promise<string[]> {
  const unique = [...new Set(feedIds)];
  // One key order for every caller: two racing imports that list the same feeds in different
  // orders would otherwise each wait on a row the other inserted first (a deadlock).
  const lockOrder = [...unique].sort();
  const inserted = new Set<string>();
  // Under the user-row lock, so the MAX_LIBRARY_FEEDS count cannot be passed by racing writes.
  await withUserLock(db, userId, async (trx) => {
    const known = new Set(
      (
        await trx
          .selectFrom('library_subscriptions')
          .select('feed_id')
          .where('user_id', '=', userId)
          .execute()
      ).map((row) => row.feed_id),
    );
    const adding = lockOrder.filter((feedId) => !known.has(feedId)).length;
    await assertRoomFor(
      trx,
      'library_subscriptions',
      userId,
      adding,
      MAX_LIBRARY_FEEDS,
      'shows in the library',
    );
    await forEachBatch(lockOrder, INSERT_CHUNK, async (chunk) => {
      const rows = await trx
        .insertInto('library_subscriptions')
        .values(chunk.map((feedId) => ({ user_id: userId, feed_id: feedId, created_at: now })))
        .onConflict((oc) => oc.columns(['user_id', 'feed_id']).doNothing())
        .returning('feed_id')
        .execute();
      for (const row of rows) {
        inserted.add(row.feed_id);
      }
    });
  });
  // RETURNING order is not guaranteed, so the answer follows the caller's order.
  return unique.filter((feedId) => inserted.has(feedId));
}

/**
 * Removes the user's subscriptions to the given feeds; answers how many
 * there were. Takes the user-row lock first, as every library write does:
 * the trigger that logs the change for sync updates the user row, and a
 * sync write holding that row while it removes the same library row would
 * otherwise deadlock with this one.
 */
export async function unsubscribeMany(
  db: DbExecutor,
  userId: string,
  feedIds: readonly string[],
): Promise<number> {
  if (feedIds.length === 0) {
    return 0;
  }
  return withUserLock(db, userId, async (trx) => {
    const result = await trx
      .deleteFrom('library_subscriptions')
      .where('user_id', '=', userId)
      .where('feed_id', 'in', [...feedIds])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** Returns true when a subscription was removed, false when there was none. */
export async function unsubscribe(
  db: DbExecutor,
  userId: string,
  feedId: string,
): Promise<boolean> {
  return (await unsubscribeMany(db, userId, [feedId])) > 0;
}

import type { Queue } from '@podcast/contracts';
import { type DbExecutor, lockUser, withTransaction } from './executor.js';

export async function getQueue(db: DbExecutor, userId: string): Promise<Queue> {
  const rows = await db
    .selectFrom('queue_items')
    .select('slug')
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
  return { items: rows.map((row) => row.slug) };
}

/**
 * Replaces the whole queue atomically and returns what was stored. A slug listed
 * twice keeps only its first place: a queue plays each episode once, and the
 * client's own order of first appearance is the most faithful reading of it.
 * Concurrent replacements for one user are serialised on the user row, so the
 * stored queue is always exactly one of the submitted lists.
 */
export async function replaceQueue(
  db: DbExecutor,
  userId: string,
  slugs: readonly string[],
): Promise<Queue> {
  const items = [...new Set(slugs)];
  await withTransaction(db, async (trx) => {
    await lockUser(trx, userId);
    await trx.deleteFrom('queue_items').where('user_id', '=', userId).execute();
    if (items.length > 0) {
      await trx
        .insertInto('queue_items')
        .values(items.map((slug, position) => ({ user_id: userId, position, slug })))
        .execute();
    }
  });
  return { items };
}

import type { Queue } from '@podcast/contracts';
import { type DbExecutor, withUserLock } from './executor.js';

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
  await withUserLock(db, userId, async (trx) => {
    await rewriteQueue(trx, userId, items);
  });
  return { items };
}

export type QueueAdd = { status: 'added' | 'present' | 'full'; queue: Queue };

async function rewriteQueue(trx: DbExecutor, userId: string, items: readonly string[]) {
  await trx.deleteFrom('queue_items').where('user_id', '=', userId).execute();
  if (items.length > 0) {
    await trx
      .insertInto('queue_items')
      .values(items.map((slug, position) => ({ user_id: userId, position, slug })))
      .execute();
  }
}

/**
 * Adds one episode right after `after` (at the end when `after` is absent or
 * not queued). An episode already queued keeps its place, so replaying the
 * same request changes nothing. `full` when the queue already holds
 * `maxItems`: checked under the user-row lock, so racing adds cannot pass it.
 */
export async function addQueueItem(
  db: DbExecutor,
  userId: string,
  slug: string,
  after: string | undefined,
  maxItems: number,
): Promise<QueueAdd> {
  return withUserLock(db, userId, async (trx) => {
    const { items } = await getQueue(trx, userId);
    if (items.includes(slug)) {
      return { status: 'present', queue: { items } };
    }
    if (items.length >= maxItems) {
      return { status: 'full', queue: { items } };
    }
    const at = after === undefined ? -1 : items.indexOf(after);
    const next =
      at < 0 ? [...items, slug] : [...items.slice(0, at + 1), slug, ...items.slice(at + 1)];
    await rewriteQueue(trx, userId, next);
    return { status: 'added', queue: { items: next } };
  });
}

/** Removes one episode from the queue (nothing when it is not queued) and answers the queue. */
export async function removeQueueItem(
  db: DbExecutor,
  userId: string,
  slug: string,
): Promise<Queue> {
  return withUserLock(db, userId, async (trx) => {
    await trx
      .deleteFrom('queue_items')
      .where('user_id', '=', userId)
      .where('slug', '=', slug)
      .execute();
    return getQueue(trx, userId);
  });
}

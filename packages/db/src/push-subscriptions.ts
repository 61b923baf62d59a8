import type { DbExecutor } from './executor.js';

export interface PushSubscriptionRow {
  user_id: string;
  endpoint: string;
  subscription: Record<string, unknown>;
}

/** Stores a subscription, replacing the stored one with the same endpoint; answers the user's count. */
export async function savePushSubscription(
  db: DbExecutor,
  userId: string,
  endpoint: string,
  subscription: Record<string, unknown>,
  now: Date,
): Promise<number> {
  const json = JSON.stringify(subscription);
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, endpoint, subscription: json, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'endpoint']).doUpdateSet({ subscription: json }))
    .execute();
  return countPushSubscriptions(db, userId);
}

export async function deletePushSubscription(
  db: DbExecutor,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function countPushSubscriptions(db: DbExecutor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Subscriptions of the given users, or of everyone when `userIds` is undefined. */
export async function listPushSubscriptions(
  db: DbExecutor,
  userIds?: readonly string[],
): Promise<PushSubscriptionRow[]> {
  if (userIds?.length === 0) {
    return [];
  }
  let query = db
    .selectFrom('push_subscriptions')
    .select(['user_id', 'endpoint', 'subscription'])
    .orderBy('user_id')
    .orderBy('created_at')
    .orderBy('endpoint');
  if (userIds !== undefined) {
    query = query.where('user_id', 'in', [...userIds]);
  }
  return query.execute();
}

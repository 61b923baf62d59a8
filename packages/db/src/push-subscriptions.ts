import { MAX_PUSH_SUBSCRIPTIONS } from '@podcast/contracts';
import { type DbExecutor, withUserLock } from './executor.js';

export interface PushSubscriptionRow {
  user_id: string;
  endpoint: string;
  subscription: Record<string, unknown>;
}

/**
 * What subscriptions are deduplicated on: a Web Push endpoint's origin plus
 * path (host case, default port and query do not make another subscription),
 * a native `nativepush://<token>` endpoint whole.
 */
export function pushEndpointKey(endpoint: string): string {
  if (!/^https?:\/\//i.test(endpoint)) {
    return endpoint;
  }
  try {
    const url = new URL(endpoint);
    return `${url.origin}${url.pathname}`;
  } catch {
    return endpoint;
  }
}

/**
 * Stores a subscription, replacing the stored one with the same key
 * (pushEndpointKey); a new key past `max` replaces the user's oldest ones.
 * Counted under the user's row lock, so racing subscribes cannot pass the cap
 * together. Answers the user's count.
 */
export async function savePushSubscription(
  db: DbExecutor,
  userId: string,
  endpoint: string,
  subscription: Record<string, unknown>,
  now: Date,
  max = MAX_PUSH_SUBSCRIPTIONS,
): Promise<number> {
  const key = pushEndpointKey(endpoint);
  const json = JSON.stringify(subscription);
  return withUserLock(db, userId, async (trx) => {
    const kept = await trx
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'endpoint_key'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('endpoint', 'desc')
      .execute();
    const others = kept.filter((row) => row.endpoint_key !== key);
    const evicted = others.slice(Math.max(0, max - 1)).map((row) => row.endpoint);
    if (evicted.length > 0) {
      await trx
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('endpoint', 'in', evicted)
        .execute();
    }
    await trx
      .insertInto('push_subscriptions')
      .values({ user_id: userId, endpoint, endpoint_key: key, subscription: json, created_at: now })
      .onConflict((oc) =>
        oc.columns(['user_id', 'endpoint_key']).doUpdateSet({ endpoint, subscription: json }),
      )
      .execute();
    return others.length - evicted.length + 1;
  });
}

/**
 * Removes a subscription: the one with this exact endpoint, or with
 * `sameKey` any whose key matches (a client names its subscription by the
 * endpoint it holds, which may differ from the stored one only in its query).
 */
export async function deletePushSubscription(
  db: DbExecutor,
  userId: string,
  endpoint: string,
  options: { sameKey?: boolean } = {},
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where(
      options.sameKey ? 'endpoint_key' : 'endpoint',
      '=',
      options.sameKey ? pushEndpointKey(endpoint) : endpoint,
    )
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

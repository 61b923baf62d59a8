import {
  CommsRecord,
  type CommsRecordInput,
  type NotificationType,
  type PushSubscription,
} from '@podcast/contracts';
import {
  countPushSubscriptions,
  type DbExecutor,
  deletePushSubscription,
  findComms,
  findCommsByUnsubscribeRef,
  saveComms,
  savePushSubscription,
  withTransaction,
} from '@podcast/db';
import { withCellOff, withPushOff } from './consent.js';

/** What writes of the consent record need besides the database. */
export interface CommsDeps {
  db: DbExecutor;
  now: () => Date;
  /** An opaque, unguessable unsubscribe ref (e.g. 24 random bytes, base64url). */
  mintRef: () => string;
}

function recordOf(row: { record: Record<string, unknown>; unsubscribe_ref: string } | undefined) {
  return row === undefined
    ? CommsRecord.parse({})
    : CommsRecord.parse({ ...row.record, unsubscribe_ref: row.unsubscribe_ref });
}

/** The user's record; a user who never saved one gets the defaults and no ref yet. */
export async function readComms(db: DbExecutor, userId: string): Promise<CommsRecord> {
  return recordOf(await findComms(db, userId));
}

function storedPart(record: CommsRecord): Record<string, unknown> {
  const { unsubscribe_ref: _ref, ...rest } = record;
  return rest;
}

/**
 * Replaces the record (missing cells take their defaults). A ref a client
 * sends is ignored: the first save mints one and every later save keeps it.
 */
export async function replaceComms(
  deps: CommsDeps,
  userId: string,
  input: CommsRecordInput,
): Promise<CommsRecord> {
  const record = CommsRecord.parse({ ...input, unsubscribe_ref: undefined });
  return recordOf(await saveComms(deps.db, userId, storedPart(record), deps.mintRef(), deps.now()));
}

/** Read, change and write the record under its row lock (suppression, unsubscribe). */
export async function updateComms(
  deps: CommsDeps,
  userId: string,
  change: (record: CommsRecord) => CommsRecord,
): Promise<CommsRecord> {
  return withTransaction(deps.db, async (trx) => {
    const current = recordOf(await findComms(trx, userId, { lock: true }));
    const next = change(current);
    return recordOf(await saveComms(trx, userId, storedPart(next), deps.mintRef(), deps.now()));
  });
}

/**
 * One-click unsubscribe: switches off exactly the email cell of `type` for
 * the ref's user. Idempotent. Undefined when the ref is unknown.
 */
export async function unsubscribeByRef(
  deps: CommsDeps,
  ref: string,
  type: NotificationType,
): Promise<CommsRecord | undefined> {
  const row = await findCommsByUnsubscribeRef(deps.db, ref);
  if (row === undefined) {
    return undefined;
  }
  return updateComms(deps, row.user_id, (record) => withCellOff(record, type, 'email'));
}

/** Whether the ref belongs to a user (the confirm page must not mutate anything). */
export async function isKnownUnsubscribeRef(db: DbExecutor, ref: string): Promise<boolean> {
  return (await findCommsByUnsubscribeRef(db, ref)) !== undefined;
}

/** Stores a subscription, deduplicated on its endpoint per user; answers the count. */
export async function addPushSubscription(
  deps: CommsDeps,
  userId: string,
  subscription: PushSubscription,
): Promise<number> {
  return savePushSubscription(deps.db, userId, subscription.endpoint, subscription, deps.now());
}

/**
 * Removes a subscription. Removing the last one turns push off for every
 * type (spec 02), so a later subscribe starts from an explicit opt-in.
 */
export async function removePushSubscription(
  deps: CommsDeps,
  userId: string,
  endpoint: string,
): Promise<{ removed: boolean; subscriptions: number; push_enabled: boolean }> {
  return withTransaction(deps.db, async (trx) => {
    const removed = await deletePushSubscription(trx, userId, endpoint, { sameKey: true });
    const subscriptions = await countPushSubscriptions(trx, userId);
    let record = await readComms(trx, userId);
    if (subscriptions === 0 && Object.values(record.types).some((cells) => cells.push)) {
      record = await updateComms({ ...deps, db: trx }, userId, withPushOff);
    }
    const pushEnabled = Object.values(record.types).some((cells) => cells.push);
    return { removed, subscriptions, push_enabled: subscriptions > 0 && pushEnabled };
  });
}

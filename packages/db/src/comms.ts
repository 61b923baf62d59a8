import type { DbExecutor } from './executor.js';

/** A stored consent record: the JSON document and the user's unsubscribe ref. */
export interface CommsRow {
  user_id: string;
  record: Record<string, unknown>;
  unsubscribe_ref: string;
}

const COMMS_COLUMNS = ['user_id', 'record', 'unsubscribe_ref'] as const;

/** The record whose `key` column holds `value`, optionally locked FOR UPDATE. */
async function findCommsBy(
  db: DbExecutor,
  key: 'user_id' | 'unsubscribe_ref',
  value: string,
  options: { lock?: boolean },
): Promise<CommsRow | undefined> {
  const query = db.selectFrom('comms').select(COMMS_COLUMNS).where(key, '=', value);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

/** The user's stored record, optionally locked FOR UPDATE inside the caller's transaction. */
export async function findComms(
  db: DbExecutor,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<CommsRow | undefined> {
  return findCommsBy(db, 'user_id', userId, options);
}

/**
 * Replaces the record. The ref is written only by the first save: a later or
 * concurrent one keeps the stored ref, so links already mailed stay valid.
 */
export async function saveComms(
  db: DbExecutor,
  userId: string,
  record: Record<string, unknown>,
  mintedRef: string,
  now: Date,
): Promise<CommsRow> {
  const json = JSON.stringify(record);
  return db
    .insertInto('comms')
    .values({ user_id: userId, record: json, unsubscribe_ref: mintedRef, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ record: json, updated_at: now }))
    .returning(COMMS_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function findCommsByUnsubscribeRef(
  db: DbExecutor,
  ref: string,
  options: { lock?: boolean } = {},
): Promise<CommsRow | undefined> {
  return findCommsBy(db, 'unsubscribe_ref', ref, options);
}

/** Records of the given users (those who saved one), for the seam's live re-check. */
export async function listCommsOf(db: DbExecutor, userIds: readonly string[]): Promise<CommsRow[]> {
  if (userIds.length === 0) {
    return [];
  }
  return db
    .selectFrom('comms')
    .select(COMMS_COLUMNS)
    .where('user_id', 'in', [...userIds])
    .execute();
}

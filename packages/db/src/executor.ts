import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** What every query function takes first: the database, or a transaction the caller opened. */
export type DbExecutor = Kysely<Database> | Transaction<Database>;

/**
 * Runs `work` inside the caller's transaction when there is one, else in a new one.
 * Lets a multi-statement write stay atomic on its own and still compose into a
 * larger transaction opened by the caller.
 */
export function withTransaction<T>(
  db: DbExecutor,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) {
    return work(db as Transaction<Database>);
  }
  return db.transaction().execute(work);
}

/**
 * Takes the row lock on the user for the rest of the transaction, so that
 * concurrent replace-the-whole-set writes for one user run one after another
 * instead of interleaving their delete and insert. FOR NO KEY UPDATE: it
 * excludes other lockers and writers of the row, but not the KEY SHARE
 * locks that inserts into tables referencing users take, so a transaction
 * that updated the row (a playback revision, a sync stamp) and then locks
 * it cannot deadlock with such an insert.
 */
export async function lockUser(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/**
 * Runs `work` in a transaction (the caller's, when there is one) that first
 * takes the user's row lock: the shape of every per-user write that checks a
 * cap or replaces a set, so racing writes of one user run one after another.
 */
export function withUserLock<T>(
  db: DbExecutor,
  userId: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return withTransaction(db, async (trx) => {
    await lockUser(trx, userId);
    return work(trx);
  });
}

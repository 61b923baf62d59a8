import { sql } from 'kysely';
import { type DbExecutor, withTransaction } from './executor.js';

/*
 * Nextcloud login flows v2 (migration 202611281151): a flow waits for a
 * signed-in user's grant, then for the app's poll, which takes it away.
 */

export interface LoginFlowStart {
  pollHash: string;
  loginHash: string;
  clientName: string;
  now: Date;
  expiresAt: Date;
}

/**
 * Stores a new flow, first dropping the expired ones; false, storing
 * nothing, when `max` flows are pending already. A transaction-scoped
 * advisory lock makes the count and the insert one step, so racing starts
 * cannot pass the cap.
 */
export async function insertLoginFlow(
  db: DbExecutor,
  flow: LoginFlowStart,
  max: number,
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('sync_login_flows'))`.execute(trx);
    await trx.deleteFrom('sync_login_flows').where('expires_at', '<=', flow.now).execute();
    const { pending } = await trx
      .selectFrom('sync_login_flows')
      .select((eb) => eb.fn.countAll<string>().as('pending'))
      .executeTakeFirstOrThrow();
    if (Number(pending) >= max) {
      return false;
    }
    await trx
      .insertInto('sync_login_flows')
      .values({
        poll_hash: flow.pollHash,
        login_hash: flow.loginHash,
        client_name: flow.clientName,
        created_at: flow.now,
        expires_at: flow.expiresAt,
      })
      .execute();
    return true;
  });
}

export interface PendingLoginFlow {
  clientName: string;
  createdAt: Date;
  /** The user who granted it already, if anyone did. */
  grantedBy: string | null;
}

/** The flow a grant page's token names, unless it expired or was polled. */
export async function findLoginFlow(
  db: DbExecutor,
  loginHash: string,
  now: Date,
): Promise<PendingLoginFlow | undefined> {
  const row = await db
    .selectFrom('sync_login_flows')
    .select(['client_name', 'created_at', 'user_id'])
    .where('login_hash', '=', loginHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row && { clientName: row.client_name, createdAt: row.created_at, grantedBy: row.user_id };
}

/** Records the user's grant; false when the flow is gone, expired or granted already. */
export async function grantLoginFlow(
  db: DbExecutor,
  loginHash: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('sync_login_flows')
    .set({ user_id: userId })
    .where('login_hash', '=', loginHash)
    .where('user_id', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends a flow that was not granted (the user denied it); false when there was none. */
export async function denyLoginFlow(db: DbExecutor, loginHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sync_login_flows')
    .where('login_hash', '=', loginHash)
    .where('user_id', 'is', null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Takes a granted flow away and answers its grantor and the name the app
 * gave; undefined while it waits (or when it is gone). Deleting is the
 * claim: of two polls at once, one gets it.
 */
export async function takeGrantedLoginFlow(
  db: DbExecutor,
  pollHash: string,
  now: Date,
): Promise<{ userId: string; clientName: string } | undefined> {
  const row = await db
    .deleteFrom('sync_login_flows')
    .where('poll_hash', '=', pollHash)
    .where('user_id', 'is not', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'client_name'])
    .executeTakeFirst();
  return row?.user_id ? { userId: row.user_id, clientName: row.client_name } : undefined;
}

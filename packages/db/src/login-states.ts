import type { DbExecutor } from './executor.js';

/**
 * Marks an OAuth login state as used. Returns false when it was used before
 * (a replay). The insert is the whole check, so two callbacks racing with
 * the same state cannot both win. Expired rows are swept on the way: a state
 * past its expiry is refused by its signed cookie anyway.
 */
export async function consumeLoginState(
  db: DbExecutor,
  state: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db.deleteFrom('used_login_states').where('expires_at', '<=', now).execute();
  const inserted = await db
    .insertInto('used_login_states')
    .values({ state, expires_at: expiresAt })
    .onConflict((oc) => oc.column('state').doNothing())
    .returning('state')
    .executeTakeFirst();
  return inserted !== undefined;
}

import type { DbExecutor } from './executor.js';
import { toIso, toIsoOrNull } from './timestamps.js';

/**
 * Credentials a user names, lists and revokes one by one: app passwords and
 * feed tokens. Their secrets differ (a slow hash, a fast one); how they are
 * listed, revoked and stamped does not.
 */
export type CredentialTable = 'sync_app_passwords' | 'feed_tokens';

/** A named credential as its owner lists it: never its hash. */
export interface NamedCredentialRow {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** The user's credentials of one kind, oldest first. */
export async function listNamedCredentials(
  db: DbExecutor,
  table: CredentialTable,
  userId: string,
): Promise<NamedCredentialRow[]> {
  const rows = await db
    .selectFrom(table)
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    created_at: toIso(r.created_at),
    last_used_at: toIsoOrNull(r.last_used_at),
  }));
}

/** Revokes one of the user's credentials; false when there was none. */
export async function deleteNamedCredential(
  db: DbExecutor,
  table: CredentialTable,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom(table)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Stamps a credential's use, at most once a minute (apps sync and poll often). */
export async function touchNamedCredential(
  db: DbExecutor,
  table: CredentialTable,
  id: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', new Date(now.getTime() - 60_000)),
      ]),
    )
    .execute();
}

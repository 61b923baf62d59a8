import { sql } from 'kysely';
import type { DbExecutor } from './executor.js';
import type { InboxTable } from './schema.js';

/** One inbox entry to write: the table's own columns, the generated ones left out. */
export type InboxInsert = Pick<
  InboxTable,
  'user_id' | 'key' | 'type' | 'title' | 'text' | 'deep_link'
>;

export interface InboxItem {
  id: string;
  type: string;
  title: string;
  text: string | null;
  deep_link: string | null;
  created_at: Date;
  read_at: Date | null;
}

/**
 * Writes entries (a key already present for the user is skipped, so a re-run
 * adds nothing), then keeps each touched user's newest `bound` entries.
 */
export async function addInboxEntries(
  db: DbExecutor,
  entries: readonly InboxInsert[],
  now: Date,
  bound: number,
): Promise<number> {
  if (entries.length === 0) {
    return 0;
  }
  let inserted = 0;
  for (let start = 0; start < entries.length; start += 1000) {
    const chunk = entries
      .slice(start, start + 1000)
      .map((entry) => ({ ...entry, created_at: now }));
    const result = await db
      .insertInto('inbox')
      .values(chunk)
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  const users = [...new Set(entries.map((entry) => entry.user_id))];
  await sql`
    delete from inbox where id in (
      select id from (
        select id, row_number() over (partition by user_id order by id desc) as place
        from inbox where user_id = any(${users})
      ) ranked where place > ${bound}
    )`.execute(db);
  return inserted;
}

/** The user's entries newest first, and how many are unread. */
export async function listInbox(
  db: DbExecutor,
  userId: string,
): Promise<{ items: InboxItem[]; unread: number }> {
  const rows = await db
    .selectFrom('inbox')
    .select(['id', 'type', 'title', 'text', 'deep_link', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  const items = rows.map((row) => ({ ...row, id: String(row.id) }));
  return { items, unread: items.filter((item) => item.read_at === null).length };
}

/** Marks one entry read (the first read time stays); false when the user has no such entry. */
export async function markInboxRead(
  db: DbExecutor,
  userId: string,
  id: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('inbox')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', sql<Date>`${now}`) }))
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markAllInboxRead(db: DbExecutor, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('inbox')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

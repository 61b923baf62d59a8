import { type Kysely, sql } from 'kysely';

// Some podcast apps (Kasts) store the `timestamp` a sync answer carries plus
// one, and send that as their next `since`. A change committed after the
// answer could take exactly that stamp (the next second, or the stamp + 1
// when a user makes several changes a second) and was then never seen.
// `sync_answered` is the highest stamp an answer carried: every stamp taken
// after it is at least two above it, so `since = answer + 1` misses nothing.
const CLOCK_SECOND = 'floor(extract(epoch from clock_timestamp()))::bigint';

/** next_sync_stamp, giving a transaction that has no stamp yet the value of `fresh`. */
function nextSyncStamp(fresh: string) {
  return sql`
    create or replace function next_sync_stamp(uid text) returns bigint language plpgsql as $$
    declare
      taken bigint;
    begin
      update users set
        sync_stamp = case
          when sync_stamp_xid = txid_current() then sync_stamp
          else ${sql.raw(fresh)}
        end,
        sync_stamp_xid = txid_current()
      where id = uid
      returning sync_stamp into taken;
      return coalesce(taken, 0);
    end
    $$
  `;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('sync_answered', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  // Stamps answered before this migration were not recorded: treat them all as answered.
  await sql`update users set sync_answered = sync_stamp`.execute(db);
  await nextSyncStamp(`greatest(sync_stamp + 1, sync_answered + 2, ${CLOCK_SECOND})`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await nextSyncStamp(`greatest(sync_stamp + 1, ${CLOCK_SECOND})`).execute(db);
  await db.schema.alterTable('users').dropColumn('sync_answered').execute();
}

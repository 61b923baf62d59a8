import { type Kysely, sql } from 'kysely';

// A delivery worker that sends one push kind pulls only that kind; pending
// envelopes of the other kind wait for their worker. This index keeps such a
// pull from reading past every waiting envelope of the other kind.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index outbox_pending_push_kind_idx on outbox
    ((coalesce(envelope #>> '{recipient,push_subscription,kind}', 'webpush')), created_at, id)
    where status = 'pending' and channel = 'push'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_pending_push_kind_idx').execute();
}

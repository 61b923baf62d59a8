import { type Kysely, sql } from 'kysely';

// Push subscriptions are deduplicated on the endpoint's origin plus path
// (endpoint_key) and capped per user, so endpoints that differ only in their
// query cannot multiply one user's pushes. Existing rows get their key, keep
// the newest row of each key and the newest 20 per user (the cap at the time).

const CAP = 20;

// A frozen copy of pushEndpointKey (push-subscriptions.ts): a migration must
// not change when today's code does.
function keyOf(endpoint: string): string {
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

interface Row {
  user_id: string;
  endpoint: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('push_subscriptions').addColumn('endpoint_key', 'text').execute();
  const rows = (await sql<Row>`select user_id, endpoint from push_subscriptions`.execute(db)).rows;
  for (const row of rows) {
    await sql`update push_subscriptions set endpoint_key = ${keyOf(row.endpoint)}
      where user_id = ${row.user_id} and endpoint = ${row.endpoint}`.execute(db);
  }
  await sql`delete from push_subscriptions p using (
      select user_id, endpoint, row_number() over (
        partition by user_id, endpoint_key order by created_at desc, endpoint desc) as n
      from push_subscriptions) ranked
    where ranked.n > 1 and p.user_id = ranked.user_id and p.endpoint = ranked.endpoint`.execute(db);
  await sql`delete from push_subscriptions p using (
      select user_id, endpoint, row_number() over (
        partition by user_id order by created_at desc, endpoint desc) as n
      from push_subscriptions) ranked
    where ranked.n > ${CAP} and p.user_id = ranked.user_id and p.endpoint = ranked.endpoint`.execute(
    db,
  );
  await db.schema
    .alterTable('push_subscriptions')
    .alterColumn('endpoint_key', (col) => col.setNotNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_key_idx')
    .on('push_subscriptions')
    .columns(['user_id', 'endpoint_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('push_subscriptions_user_key_idx').execute();
  await db.schema.alterTable('push_subscriptions').dropColumn('endpoint_key').execute();
}

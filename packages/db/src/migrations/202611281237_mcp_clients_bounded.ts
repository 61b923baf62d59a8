import { type Kysely, sql } from 'kysely';

// Columns the registration metadata used to repeat; each is stored once, in its column.
const REPEATED = [
  'client_id',
  'redirect_uris',
  'client_name',
  'token_endpoint_auth_method',
  'scope',
];

// Open registration must stay bounded: `consented_at` marks the clients a
// user has let in, so the ones nobody consented to can be counted against
// their cap and pruned through a small partial index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('mcp_oauth_clients')
    .addColumn('consented_at', 'timestamptz')
    .execute();
  await sql`
    update mcp_oauth_clients c
    set consented_at = g.first_at
    from (
      select client_id, min(created_at) as first_at from mcp_oauth_grants group by client_id
    ) g
    where g.client_id = c.client_id
  `.execute(db);
  await sql`update mcp_oauth_clients set metadata = metadata - ${sql.val(REPEATED)}::text[]`.execute(
    db,
  );
  await db.schema
    .createIndex('mcp_oauth_clients_unconsented_idx')
    .on('mcp_oauth_clients')
    .column('created_at')
    .where(sql.ref('consented_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mcp_oauth_clients_unconsented_idx').execute();
  await sql`
    update mcp_oauth_clients set metadata = metadata || jsonb_strip_nulls(jsonb_build_object(
      'client_id', client_id,
      'redirect_uris', redirect_uris,
      'client_name', client_name,
      'token_endpoint_auth_method', token_endpoint_auth_method,
      'scope', scope
    ))
  `.execute(db);
  await db.schema.alterTable('mcp_oauth_clients').dropColumn('consented_at').execute();
}

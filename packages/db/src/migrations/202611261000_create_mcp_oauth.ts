import { type Kysely, sql } from 'kysely';

// The MCP OAuth authorization server: registered clients, consent
// requests waiting for the user, grants (one per consent), one-time codes and
// tokens. Codes and tokens are stored only as SHA-256 hashes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mcp_oauth_clients')
    .addColumn('client_id', 'text', (col) => col.primaryKey())
    .addColumn('client_secret_hash', 'text')
    .addColumn('client_name', 'text')
    .addColumn('redirect_uris', 'jsonb', (col) => col.notNull())
    .addColumn('token_endpoint_auth_method', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('metadata', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('mcp_oauth_clients_created_at_idx')
    .on('mcp_oauth_clients')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('mcp_oauth_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (col) =>
      col.notNull().references('mcp_oauth_clients.client_id').onDelete('cascade'),
    )
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('code_challenge', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('state', 'text')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('mcp_oauth_requests_expires_at_idx')
    .on('mcp_oauth_requests')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('mcp_oauth_grants')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (col) =>
      col.notNull().references('mcp_oauth_clients.client_id').onDelete('cascade'),
    )
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema
    .createIndex('mcp_oauth_grants_user_id_idx')
    .on('mcp_oauth_grants')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('mcp_oauth_grants_client_id_idx')
    .on('mcp_oauth_grants')
    .column('client_id')
    .execute();

  await db.schema
    .createTable('mcp_oauth_codes')
    .addColumn('code_hash', 'text', (col) => col.primaryKey())
    .addColumn('grant_id', 'text', (col) =>
      col.notNull().references('mcp_oauth_grants.id').onDelete('cascade'),
    )
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('code_challenge', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('mcp_oauth_codes_grant_id_idx')
    .on('mcp_oauth_codes')
    .column('grant_id')
    .execute();

  await db.schema
    .createTable('mcp_oauth_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('grant_id', 'text', (col) =>
      col.notNull().references('mcp_oauth_grants.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addCheckConstraint('mcp_oauth_tokens_kind_check', sql`kind in ('access', 'refresh')`)
    .execute();
  await db.schema
    .createIndex('mcp_oauth_tokens_grant_id_idx')
    .on('mcp_oauth_tokens')
    .column('grant_id')
    .execute();
  await db.schema
    .createIndex('mcp_oauth_tokens_expires_at_idx')
    .on('mcp_oauth_tokens')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mcp_oauth_tokens').execute();
  await db.schema.dropTable('mcp_oauth_codes').execute();
  await db.schema.dropTable('mcp_oauth_grants').execute();
  await db.schema.dropTable('mcp_oauth_requests').execute();
  await db.schema.dropTable('mcp_oauth_clients').execute();
}

import type { Selectable, Transaction } from 'kysely';
import { type DbExecutor, lockUser, withTransaction } from './executor.js';
import type { Database, McpOauthRequestsTable } from './schema.js';
import { toIso, toIsoOrNull } from './timestamps.js';

/*
 * Storage of the MCP OAuth authorization server. The rules (PKCE, rotation,
 * replay, audience) live in @podcast/auth; these functions only read and
 * write rows, each multi-row change in one transaction.
 */

/** An authorization request as stored while it waits for the user's decision. */
export type McpAuthorizationRequest = Selectable<McpOauthRequestsTable>;

/**
 * Stores a request awaiting consent, sweeping expired ones on the way.
 * Answers false when its client is gone: registration may have evicted it
 * since it was read, and the key-share lock makes that a refusal here
 * rather than a foreign-key failure.
 */
export async function insertMcpAuthorizationRequest(
  db: DbExecutor,
  request: McpAuthorizationRequest,
  now: Date,
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    await trx.deleteFrom('mcp_oauth_requests').where('expires_at', '<=', now).execute();
    const client = await trx
      .selectFrom('mcp_oauth_clients')
      .select('client_id')
      .where('client_id', '=', request.client_id)
      .forKeyShare()
      .executeTakeFirst();
    if (!client) {
      return false;
    }
    await trx.insertInto('mcp_oauth_requests').values(request).execute();
    return true;
  });
}

/**
 * Takes the pending request for the decision: deleted as it is read, so a
 * consent form posted twice decides once. Only its own user can take it.
 */
export async function takeMcpAuthorizationRequest(
  db: DbExecutor,
  id: string,
  userId: string,
  now: Date,
): Promise<McpAuthorizationRequest | undefined> {
  return db
    .deleteFrom('mcp_oauth_requests')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

export interface McpGrantInsert {
  id: string;
  user_id: string;
  client_id: string;
  scope: string;
  resource: string;
}

/**
 * A consent and the one-time code that carries it back to the client,
 * together; the client is marked consented, which takes it out of the
 * pruning of abandoned registrations for good.
 */
export async function insertMcpGrantWithCode(
  db: DbExecutor,
  grant: McpGrantInsert,
  code: { code_hash: string; redirect_uri: string; code_challenge: string; expires_at: Date },
  now: Date,
): Promise<void> {
  await withTransaction(db, async (trx) => {
    await trx
      .insertInto('mcp_oauth_grants')
      .values({ ...grant, created_at: now })
      .execute();
    await trx
      .updateTable('mcp_oauth_clients')
      .set({ consented_at: now })
      .where('client_id', '=', grant.client_id)
      .where('consented_at', 'is', null)
      .execute();
    await trx
      .insertInto('mcp_oauth_codes')
      .values({ ...code, grant_id: grant.id })
      .execute();
  });
}

export interface McpGrantRow {
  id: string;
  user_id: string;
  client_id: string;
  scope: string;
  resource: string;
  revoked_at: Date | null;
}

export interface ClaimedCode {
  grant: McpGrantRow;
  redirect_uri: string;
  code_challenge: string;
  expires_at: Date;
  used_at: Date | null;
}

const GRANT_COLUMNS = [
  'g.id',
  'g.user_id',
  'g.client_id',
  'g.scope',
  'g.resource',
  'g.revoked_at',
] as const;

/** The code and its grant, row-locked for the rest of the transaction. */
export async function lockMcpCode(
  trx: Transaction<Database>,
  codeHash: string,
): Promise<ClaimedCode | undefined> {
  const row = await trx
    .selectFrom('mcp_oauth_codes as c')
    .innerJoin('mcp_oauth_grants as g', 'g.id', 'c.grant_id')
    .select([...GRANT_COLUMNS, 'c.redirect_uri', 'c.code_challenge', 'c.expires_at', 'c.used_at'])
    .where('c.code_hash', '=', codeHash)
    .forUpdate()
    .executeTakeFirst();
  if (!row) {
    return undefined;
  }
  const { redirect_uri, code_challenge, expires_at, used_at, ...grant } = row;
  return { grant, redirect_uri, code_challenge, expires_at, used_at };
}

export async function markMcpCodeUsed(trx: DbExecutor, codeHash: string, now: Date) {
  await trx
    .updateTable('mcp_oauth_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .execute();
}

export interface McpTokenInsert {
  token_hash: string;
  kind: 'access' | 'refresh';
  scope: string;
  expires_at: Date;
}

export async function insertMcpTokens(
  db: DbExecutor,
  grantId: string,
  tokens: readonly McpTokenInsert[],
  now: Date,
): Promise<void> {
  await db
    .insertInto('mcp_oauth_tokens')
    .values(tokens.map((token) => ({ ...token, grant_id: grantId })))
    .execute();
  await db
    .updateTable('mcp_oauth_grants')
    .set({ last_used_at: now })
    .where('id', '=', grantId)
    .execute();
}

export interface LockedRefreshToken {
  grant: McpGrantRow;
  scope: string;
  expires_at: Date;
  used_at: Date | null;
}

/** A refresh token and its grant, row-locked: two refreshes with one token run one after another. */
export async function lockMcpRefreshToken(
  trx: Transaction<Database>,
  tokenHash: string,
): Promise<LockedRefreshToken | undefined> {
  const row = await trx
    .selectFrom('mcp_oauth_tokens as t')
    .innerJoin('mcp_oauth_grants as g', 'g.id', 't.grant_id')
    .select([...GRANT_COLUMNS, 't.scope as token_scope', 't.expires_at', 't.used_at'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.kind', '=', 'refresh')
    .forUpdate()
    .executeTakeFirst();
  if (!row) {
    return undefined;
  }
  const { token_scope, expires_at, used_at, ...grant } = row;
  return { grant, scope: token_scope, expires_at, used_at };
}

export async function markMcpTokenUsed(db: DbExecutor, tokenHash: string, now: Date) {
  await db
    .updateTable('mcp_oauth_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .execute();
}

/**
 * Revokes a grant and deletes its codes and tokens, so nothing it issued
 * works again. Answers false when the grant was not live (or not the user's).
 */
export async function revokeMcpGrant(
  db: DbExecutor,
  grantId: string,
  reason: string,
  now: Date,
  userId?: string,
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    let update = trx
      .updateTable('mcp_oauth_grants')
      .set({ revoked_at: now, revoked_reason: reason })
      .where('id', '=', grantId)
      .where('revoked_at', 'is', null);
    if (userId !== undefined) {
      update = update.where('user_id', '=', userId);
    }
    const revoked = await update.returning('id').executeTakeFirst();
    if (!revoked) {
      return false;
    }
    await trx.deleteFrom('mcp_oauth_tokens').where('grant_id', '=', grantId).execute();
    await trx.deleteFrom('mcp_oauth_codes').where('grant_id', '=', grantId).execute();
    return true;
  });
}

export interface McpAccess {
  grant_id: string;
  user_id: string;
  client_id: string;
  scope: string;
  resource: string;
}

/** The live grant behind an unexpired access token, or undefined. */
export async function findMcpAccess(
  db: DbExecutor,
  tokenHash: string,
  now: Date,
): Promise<McpAccess | undefined> {
  return db
    .selectFrom('mcp_oauth_tokens as t')
    .innerJoin('mcp_oauth_grants as g', 'g.id', 't.grant_id')
    .select(['g.id as grant_id', 'g.user_id', 'g.client_id', 't.scope', 'g.resource'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.kind', '=', 'access')
    .where('t.expires_at', '>', now)
    .where('g.revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Drops expired tokens and codes (bounded), so the tables hold only what can still be used. */
export async function sweepExpiredMcpTokens(db: DbExecutor, now: Date): Promise<void> {
  await db.deleteFrom('mcp_oauth_tokens').where('expires_at', '<=', now).execute();
  await db.deleteFrom('mcp_oauth_codes').where('expires_at', '<=', now).execute();
}

export interface McpGrantListing {
  id: string;
  client_id: string;
  client_name: string | null;
  scope: string;
  resource: string;
  created_at: string;
  last_used_at: string | null;
}

/**
 * Whether the user holds a live grant of the client: a client they let in
 * and have not disconnected, the only kind the authorization endpoint may
 * send an error to without showing it first (RFC 9700 §4.11.2).
 */
export async function hasLiveMcpGrant(
  db: DbExecutor,
  userId: string,
  clientId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('mcp_oauth_grants')
    .select('id')
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's live grants, newest first. */
export async function listMcpGrants(db: DbExecutor, userId: string): Promise<McpGrantListing[]> {
  const rows = await db
    .selectFrom('mcp_oauth_grants as g')
    .innerJoin('mcp_oauth_clients as c', 'c.client_id', 'g.client_id')
    .select([
      'g.id',
      'g.client_id',
      'c.client_name',
      'g.scope',
      'g.resource',
      'g.created_at',
      'g.last_used_at',
    ])
    .where('g.user_id', '=', userId)
    .where('g.revoked_at', 'is', null)
    .orderBy('g.created_at', 'desc')
    .orderBy('g.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    created_at: toIso(row.created_at),
    last_used_at: toIsoOrNull(row.last_used_at),
  }));
}

/**
 * Makes room for a new consent of the user to `clientId` on `resource`,
 * under the user's row lock (so racing consents count one after another):
 * the user's live grant of that client and resource is revoked, with its
 * codes and tokens. Answers how many live grants the user still holds.
 */
export async function replaceMcpGrant(
  trx: Transaction<Database>,
  grant: { userId: string; clientId: string; resource: string },
  now: Date,
): Promise<number> {
  await lockUser(trx, grant.userId);
  const replaced = await trx
    .selectFrom('mcp_oauth_grants')
    .select('id')
    .where('user_id', '=', grant.userId)
    .where('client_id', '=', grant.clientId)
    .where('resource', '=', grant.resource)
    .where('revoked_at', 'is', null)
    .execute();
  for (const { id } of replaced) {
    await revokeMcpGrant(trx, id, 'replaced by a new consent', now);
  }
  const row = await trx
    .selectFrom('mcp_oauth_grants')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', grant.userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

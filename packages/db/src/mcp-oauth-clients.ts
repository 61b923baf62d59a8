import { sql } from 'kysely';
import { type DbExecutor, withTransaction } from './executor.js';
import { toIso } from './timestamps.js';

/*
 * The clients of the MCP OAuth server. Registration is open, so the clients
 * nobody has consented to are the ones an anonymous caller can create: they
 * are counted against a cap and pruned, the consented ones never are.
 */

export interface McpClient {
  client_id: string;
  client_secret_hash: string | null;
  client_name: string | null;
  redirect_uris: string[];
  token_endpoint_auth_method: string;
  scope: string;
  metadata: Record<string, unknown>;
  created_at: string;
}

/** How many unconsented clients may be kept, and from when an idle one is stale. */
export interface UnconsentedClientBounds {
  max: number;
  staleBefore: Date;
}

// Serialises registrations, so the count against the cap and the insert are one step.
const REGISTRATION_LOCK_KEY = 0x6d63_7072;

/**
 * Deletes unconsented clients with no consent page open (a pending request
 * would otherwise be cascaded away under its user): those created before
 * `staleBefore`, or else the `oldest` of them. The outer `consented_at`
 * test is rechecked on a row a racing consent just updated, so a client
 * that won its consent meanwhile stays.
 */
async function deleteIdleUnconsented(
  db: DbExecutor,
  now: Date,
  which: { staleBefore: Date } | { oldest: number },
): Promise<void> {
  let idle = db
    .selectFrom('mcp_oauth_clients as c')
    .select('c.client_id')
    .where('c.consented_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('mcp_oauth_requests as r')
            .select('r.id')
            .whereRef('r.client_id', '=', 'c.client_id')
            .where('r.expires_at', '>', now),
        ),
      ),
    );
  idle =
    'staleBefore' in which
      ? idle.where('c.created_at', '<', which.staleBefore)
      : idle.orderBy('c.created_at').orderBy('c.client_id').limit(which.oldest);
  await db
    .deleteFrom('mcp_oauth_clients')
    .where('consented_at', 'is', null)
    .where('client_id', 'in', idle)
    .execute();
}

async function countUnconsented(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('mcp_oauth_clients')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('consented_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Inserts a client once stale unconsented clients are gone and, past the
 * cap, the oldest idle ones; false, inserting nothing, when every
 * unconsented client left has a consent page open. Runs under the
 * registration lock.
 */
async function insertWithinBounds(
  trx: DbExecutor,
  client: Omit<McpClient, 'created_at'>,
  bounds: UnconsentedClientBounds,
  now: Date,
): Promise<boolean> {
  await deleteIdleUnconsented(trx, now, { staleBefore: bounds.staleBefore });
  const surplus = (await countUnconsented(trx)) - bounds.max + 1;
  if (surplus > 0) {
    await deleteIdleUnconsented(trx, now, { oldest: surplus });
    if ((await countUnconsented(trx)) >= bounds.max) {
      return false;
    }
  }
  await trx
    .insertInto('mcp_oauth_clients')
    .values({
      ...client,
      redirect_uris: JSON.stringify(client.redirect_uris),
      metadata: JSON.stringify(client.metadata),
      created_at: now,
    })
    .execute();
  return true;
}

/** Runs `work` under the one lock of registrations, so counting and inserting are one step. */
function underRegistrationLock<T>(db: DbExecutor, work: (trx: DbExecutor) => Promise<T>) {
  return withTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK_KEY}::bigint)`.execute(trx);
    return work(trx);
  });
}

/**
 * Stores a new client within the bounds: stale unconsented clients are
 * deleted first, then the oldest idle ones until one more fits. Answers
 * false, storing nothing, when every unconsented client left has a consent
 * page open. Registrations take one advisory lock, so racing ones cannot
 * each see room for themselves and overshoot the cap.
 */
export async function insertMcpClientWithinBounds(
  db: DbExecutor,
  client: Omit<McpClient, 'created_at'>,
  bounds: UnconsentedClientBounds,
  now: Date,
): Promise<boolean> {
  return underRegistrationLock(db, (trx) => insertWithinBounds(trx, client, bounds, now));
}

/**
 * Stores the client a metadata document describes, keyed by its URL: one
 * seen before takes what its document says now (its consent and age stay),
 * a new one is inserted within the bounds of unconsented clients, as a
 * registration is. False when it did not fit.
 */
export async function upsertMcpDocumentClient(
  db: DbExecutor,
  client: Omit<McpClient, 'created_at'>,
  bounds: UnconsentedClientBounds,
  now: Date,
): Promise<boolean> {
  return underRegistrationLock(db, async (trx) => {
    const updated = await trx
      .updateTable('mcp_oauth_clients')
      .set({
        client_name: client.client_name,
        redirect_uris: JSON.stringify(client.redirect_uris),
        token_endpoint_auth_method: client.token_endpoint_auth_method,
        scope: client.scope,
        metadata: JSON.stringify(client.metadata),
      })
      .where('client_id', '=', client.client_id)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0 || insertWithinBounds(trx, client, bounds, now);
  });
}

export async function findMcpClient(
  db: DbExecutor,
  clientId: string,
): Promise<McpClient | undefined> {
  const row = await db
    .selectFrom('mcp_oauth_clients')
    .select([
      'client_id',
      'client_secret_hash',
      'client_name',
      'redirect_uris',
      'token_endpoint_auth_method',
      'scope',
      'metadata',
      'created_at',
    ])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row && { ...row, created_at: toIso(row.created_at) };
}

import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DbExecutor } from './executor.js';
import type { SessionRow, UserRow } from './schema.js';
import { toIso, toIsoOrNull } from './timestamps.js';

export interface User {
  id: string;
  email: string | null;
  /** Whether the sign-in provider vouched for `email` at the last login that gave one. */
  email_verified: boolean;
  name: string | null;
  provider: string;
  provider_subject: string;
  created_at: string;
  updated_at: string;
}

export interface Session {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface ProviderProfile {
  provider: string;
  /** The provider's stable account id (OIDC `sub`). */
  subject: string;
  email?: string | null;
  /** The provider's `email_verified` for `email`; absent counts as not verified. */
  email_verified?: boolean;
  name?: string | null;
}

export interface ActiveSession {
  session: Session;
  user: User;
}

// Ids come from the OS CSPRNG here rather than an injected source: a session id
// is a bearer secret, and no caller should be able to make it predictable.
function newUserId(): string {
  return `u_${randomBytes(12).toString('hex')}`;
}

function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    email_verified: row.email_verified,
    name: row.name,
    provider: row.provider,
    provider_subject: row.provider_subject,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

function toSession(row: SessionRow): Session {
  return {
    ...row,
    created_at: toIso(row.created_at),
    expires_at: toIso(row.expires_at),
    revoked_at: toIsoOrNull(row.revoked_at),
  };
}

/**
 * Creates the user on first sight of (provider, subject), else refreshes email
 * and name. A missing email or name keeps the stored one; the verified flag
 * always travels with the address it describes. Safe under concurrent logins
 * of the same account: ON CONFLICT makes the losers update the winner's row.
 */
export async function upsertUserFromProvider(
  db: DbExecutor,
  profile: ProviderProfile,
  now: Date,
): Promise<User> {
  const row = await db
    .insertInto('users')
    .values({
      id: newUserId(),
      email: profile.email ?? null,
      email_verified: Boolean(profile.email) && profile.email_verified === true,
      name: profile.name ?? null,
      provider: profile.provider,
      provider_subject: profile.subject,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['provider', 'provider_subject']).doUpdateSet((eb) => ({
        email: eb.fn.coalesce('excluded.email', 'users.email'),
        email_verified: eb
          .case()
          .when('excluded.email', 'is', null)
          .then(eb.ref('users.email_verified'))
          .else(eb.ref('excluded.email_verified'))
          .end(),
        name: eb.fn.coalesce('excluded.name', 'users.name'),
        updated_at: now,
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

export async function findUserById(db: DbExecutor, id: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : toUser(row);
}

/** Stores a new session; its id is the secret the session cookie carries. */
export async function createSession(
  db: DbExecutor,
  userId: string,
  ttlMs: number,
  now: Date,
): Promise<{ id: string; expires_at: string }> {
  const expiresAt = new Date(now.getTime() + ttlMs);
  const row = await db
    .insertInto('sessions')
    .values({ id: newSessionId(), user_id: userId, created_at: now, expires_at: expiresAt })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, expires_at: toIso(row.expires_at) };
}

/**
 * The session and its user, unless the session is unknown, expired or
 * revoked. One round trip: every signed-in request asks this.
 */
export async function findActiveSession(
  db: DbExecutor,
  id: string,
  now: Date,
): Promise<ActiveSession | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as session_id',
      's.user_id as session_user_id',
      's.created_at as session_created_at',
      's.expires_at as session_expires_at',
      's.revoked_at as session_revoked_at',
      'u.id',
      'u.email',
      'u.email_verified',
      'u.name',
      'u.provider',
      'u.provider_subject',
      'u.created_at',
      'u.updated_at',
    ])
    .where('s.id', '=', id)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  if (row === undefined) {
    return undefined;
  }
  const {
    session_id,
    session_user_id,
    session_created_at,
    session_expires_at,
    session_revoked_at,
    ...user
  } = row;
  return {
    session: toSession({
      id: session_id,
      user_id: session_user_id,
      created_at: session_created_at,
      expires_at: session_expires_at,
      revoked_at: session_revoked_at,
    }),
    user: toUser(user),
  };
}

/**
 * Instances that cache sessions LISTEN here: the payload is a revoked
 * session's id.
 */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';

/**
 * Marks a live session revoked (logout) and notifies SESSION_REVOKED_CHANNEL.
 * Returns false when it was unknown or already revoked.
 */
export async function revokeSession(db: DbExecutor, id: string, now: Date): Promise<boolean> {
  // One statement: the NOTIFY is sent exactly when the revocation commits.
  const result = await db
    .with('revoked', (q) =>
      q
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .returning('id'),
    )
    .selectFrom('revoked')
    .select((eb) =>
      eb.fn<string>('pg_notify', [sql.lit(SESSION_REVOKED_CHANNEL), 'revoked.id']).as('sent'),
    )
    .execute();
  return result.length > 0;
}

/** Removes sessions past their expiry (revoked ones included once expired); returns how many. */
export async function deleteExpiredSessions(db: DbExecutor, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

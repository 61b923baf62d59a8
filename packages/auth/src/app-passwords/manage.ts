import { randomBytes } from 'node:crypto';
import {
  type AppPasswordCreated,
  type AppPasswordList,
  DomainError,
  NotFound,
  SYNC_LIMITS,
} from '@podcast/contracts';
import {
  claimSyncUsername,
  type DbExecutor,
  deleteAppPassword,
  findSyncUsername,
  insertAppPassword,
  listAppPasswords,
  type User,
} from '@podcast/db';
import type { HashGate } from './hash-gate.js';
import { mintAppPassword, syncUsernameCandidates } from './mint.js';
import { hashAppPassword } from './password-hash.js';

export interface AppPasswordDeps {
  db: DbExecutor;
  now: () => Date;
  random?: (size: number) => Buffer;
}

/**
 * Mints a named app password for the user; the first one also gives the
 * user their sync user name. The password is in the answer only. Its hash
 * waits its turn at the sign-ins' gate, like every scrypt of the process.
 */
export async function createAppPassword(
  deps: AppPasswordDeps & { hashing: HashGate },
  user: Pick<User, 'id' | 'email' | 'name'>,
  name: string,
): Promise<AppPasswordCreated> {
  const username = await claimSyncUsername(deps.db, user.id, syncUsernameCandidates(user));
  if (username === undefined) {
    throw new DomainError('conflict', 'no free sync user name could be given to this account');
  }
  const { id, password, selector } = mintAppPassword(deps.random ?? randomBytes);
  const passwordHash = await deps.hashing.run(() =>
    hashAppPassword(password, deps.random ?? randomBytes, deps.hashing.cost),
  );
  const row = await insertAppPassword(
    deps.db,
    { id, userId: user.id, name, selector, passwordHash, now: deps.now() },
    SYNC_LIMITS.appPasswordsPerUser,
  );
  return { ...row, username, password };
}

/** The user's app passwords without secrets (and no user name before the first one). */
export async function listUserAppPasswords(
  deps: AppPasswordDeps,
  userId: string,
): Promise<AppPasswordList> {
  const [username, rows] = await Promise.all([
    findSyncUsername(deps.db, userId),
    listAppPasswords(deps.db, userId),
  ]);
  return { items: username === undefined ? [] : rows.map((row) => ({ ...row, username })) };
}

/** Revokes an app password and every protocol session it opened; NotFound when not the user's. */
export async function revokeAppPassword(
  deps: AppPasswordDeps,
  userId: string,
  id: string,
): Promise<void> {
  if (!(await deleteAppPassword(deps.db, userId, id))) {
    throw new NotFound(`no app password ${id}`);
  }
}

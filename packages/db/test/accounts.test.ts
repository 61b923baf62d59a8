import { describe, expect, it } from '@jest/globals';
import {
  createSession,
  deleteExpiredSessions,
  findActiveSession,
  findUserById,
  revokeSession,
  upsertUserFromProvider,
} from '../src/index.js';
import { BACKENDS, useBackend } from './backends.js';
import { T0 } from './clock.js';

const HOUR = 3_600_000;

describe.each(BACKENDS)('accounts on %s', (kind) => {
  const backend = useBackend(kind);
  let subjects = 0;
  const login = (now: Date, profile: { email?: string | null; name?: string | null } = {}) =>
    upsertUserFromProvider(backend.db, { provider: 'oidc', subject: 'alice', ...profile }, now);
  const freshUser = () => {
    subjects += 1;
    return upsertUserFromProvider(
      backend.db,
      { provider: 'oidc', subject: `sessions-${subjects}`, email: null, name: null },
      T0,
    );
  };

  it('creates a user with a u_ id of 24 hex digits on first sight', async () => {
    const user = await login(T0, { email: 'alice@example.com', name: 'Alice' });
    expect(user.id).toMatch(/^u_[0-9a-f]{24}$/);
    expect(user).toMatchObject({
      email: 'alice@example.com',
      name: 'Alice',
      provider: 'oidc',
      provider_subject: 'alice',
      created_at: T0.toISOString(),
      updated_at: T0.toISOString(),
    });
    expect(await findUserById(backend.db, user.id)).toEqual(user);
  });

  it('refreshes email and name on a later login and keeps the id and creation time', async () => {
    const later = new Date(T0.getTime() + HOUR);
    const first = await login(T0, { email: 'alice@example.com', name: 'Alice' });
    const again = await login(later, { email: 'alice@new.example', name: 'Alice B.' });
    expect(again).toEqual({
      ...first,
      email: 'alice@new.example',
      name: 'Alice B.',
      updated_at: later.toISOString(),
    });
  });

  it('keeps the stored email and name when the provider leaves them out', async () => {
    await login(T0, { email: 'kept@example.com', name: 'Kept' });
    const again = await login(T0, {});
    expect(again).toMatchObject({ email: 'kept@example.com', name: 'Kept' });
  });

  it('finds no user for an unknown id', async () => {
    expect(await findUserById(backend.db, 'u_000000000000000000000000')).toBeUndefined();
  });

  it('creates a session with a 32-byte base64url id that expires after the ttl', async () => {
    const user = await freshUser();
    const session = await createSession(backend.db, user.id, 2 * HOUR, T0);
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.expires_at).toBe(new Date(T0.getTime() + 2 * HOUR).toISOString());
    const other = await createSession(backend.db, user.id, 2 * HOUR, T0);
    expect(other.id).not.toBe(session.id);
  });

  it('finds a live session together with its user', async () => {
    const user = await freshUser();
    const { id } = await createSession(backend.db, user.id, HOUR, T0);
    const found = await findActiveSession(backend.db, id, new Date(T0.getTime() + HOUR - 1));
    expect(found?.user).toEqual(user);
    expect(found?.session).toMatchObject({ id, user_id: user.id, revoked_at: null });
  });

  it('does not find a session once it has expired', async () => {
    const user = await freshUser();
    const { id } = await createSession(backend.db, user.id, HOUR, T0);
    expect(await findActiveSession(backend.db, id, new Date(T0.getTime() + HOUR))).toBeUndefined();
  });

  it('does not find a revoked session, and revoking twice reports false', async () => {
    const user = await freshUser();
    const { id } = await createSession(backend.db, user.id, HOUR, T0);
    expect(await revokeSession(backend.db, id, T0)).toBe(true);
    expect(await findActiveSession(backend.db, id, T0)).toBeUndefined();
    expect(await revokeSession(backend.db, id, T0)).toBe(false);
    expect(await revokeSession(backend.db, 'no-such-session', T0)).toBe(false);
  });

  it('deletes only the sessions that have expired', async () => {
    const user = await freshUser();
    const now = new Date('2030-01-01T00:00:00.000Z');
    const expired = await createSession(backend.db, user.id, HOUR, new Date(now.getTime() - HOUR));
    const live = await createSession(backend.db, user.id, HOUR, now);
    expect(await deleteExpiredSessions(backend.db, now)).toBeGreaterThanOrEqual(1);
    const remaining = await backend.db.selectFrom('sessions').select('id').execute();
    const ids = remaining.map((row) => row.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(expired.id);
  });

  it('removes the sessions of a deleted user', async () => {
    const user = await freshUser();
    const { id } = await createSession(backend.db, user.id, HOUR, T0);
    await backend.db.deleteFrom('users').where('id', '=', user.id).execute();
    const rows = await backend.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', id)
      .execute();
    expect(rows).toEqual([]);
  });
});

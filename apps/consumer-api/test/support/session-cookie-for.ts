import { sessionCookieValue } from '@podcast/auth';
import { createSession, type User, upsertUserFromProvider } from '@podcast/db';
import type { ConsumerCtx } from '../../src/context.js';

/**
 * Signs a user in without the OAuth round trip: stores the user and a session
 * and returns `podcast_session=…` exactly as the callback would set it.
 */
export async function sessionCookieFor(
  ctx: ConsumerCtx,
  subject: string,
  options: { ttlMs?: number; now?: Date } = {},
): Promise<{ cookie: string; user: User; sessionId: string }> {
  const secret = ctx.config.session.secret;
  if (!secret) {
    throw new Error('sessionCookieFor needs SESSION_SECRET in the test app env');
  }
  const now = options.now ?? new Date();
  const user = await upsertUserFromProvider(
    ctx.db,
    { provider: 'test', subject, email: `${subject}@example.com`, name: subject },
    now,
  );
  const session = await createSession(ctx.db, user.id, options.ttlMs ?? 3600_000, now);
  return {
    cookie: `podcast_session=${sessionCookieValue(secret, session.id)}`,
    user,
    sessionId: session.id,
  };
}

import { z } from '@podcast/contracts';
import { revokeSession } from '@podcast/db';
import { findCookieSession } from '../../auth/session-auth.js';
import { clearedSessionCookieOptions, SESSION_COOKIE } from '../../auth/session-cookie.js';
import { defineRoute } from '../../context.js';

export const logout = defineRoute({
  method: 'post',
  path: '/api/app/auth/logout',
  summary: 'Sign out: revoke the session and clear its cookie',
  description: 'Always 204; the stored session is revoked, so a copy of the cookie stops working.',
  tags: ['auth'],
  auth: 'open',
  responses: { 204: z.null().describe('Signed out') },
  handler: async ({ ctx, req, res }) => {
    const current = await findCookieSession(ctx, req);
    if (current?.sessionId) {
      await revokeSession(ctx.db, current.sessionId, ctx.now());
      // Other instances evict on the NOTIFY; this one does not wait for it.
      ctx.sessions.evict(current.sessionId);
    }
    res.clearCookie(
      SESSION_COOKIE,
      clearedSessionCookieOptions(ctx.config.appEnv === 'production'),
    );
    res.status(204).end();
  },
});

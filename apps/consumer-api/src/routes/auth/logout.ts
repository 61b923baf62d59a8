import { clearedSessionCookieOptions, SESSION_COOKIE, signOut } from '@podcast/auth';
import { z } from '@podcast/contracts';
import { reply } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';

export const logout = defineRoute({
  method: 'post',
  path: '/api/app/auth/logout',
  summary: 'Sign out: revoke the session and clear its cookie',
  description: 'Always 204; the stored session is revoked, so a copy of the cookie stops working.',
  tags: ['auth'],
  auth: 'open',
  responses: { 204: z.null().describe('Signed out') },
  handler: async ({ ctx, req }) => {
    await signOut(ctx.auth, req.get('cookie'));
    return reply(204).clearCookie(
      SESSION_COOKIE,
      clearedSessionCookieOptions(ctx.config.appEnv === 'production'),
    );
  },
});

import { findPrincipal } from '@podcast/auth';
import { AuthStatus } from '@podcast/contracts';
import { currentUserOf } from '@podcast/user-state';
import { defineRoute } from '../../context.js';

export const getAuthStatus = defineRoute({
  method: 'get',
  path: '/api/app/auth/status',
  summary: 'Whether a user is signed in and whether sign-in is configured',
  description: 'In development the local user counts as signed in (spec 01 rule 1).',
  tags: ['auth'],
  auth: 'open',
  responses: { 200: AuthStatus },
  handler: async ({ ctx, req }) => {
    const principal = await findPrincipal(ctx.auth, req.get('cookie'));
    return {
      authenticated: principal !== undefined,
      configured: ctx.auth.login.ok,
      login_required: ctx.config.appEnv === 'production',
      ...(principal ? { user: currentUserOf(principal.user) } : {}),
    };
  },
});

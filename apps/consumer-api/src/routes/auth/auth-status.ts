import { AuthStatus } from '@podcast/contracts';
import { loginSettingsOf } from '../../auth/login-settings.js';
import { findPrincipal } from '../../auth/session-auth.js';
import { defineRoute } from '../../context.js';
import { currentUserOf } from '../me/current-user.js';

export const getAuthStatus = defineRoute({
  method: 'get',
  path: '/api/app/auth/status',
  summary: 'Whether a user is signed in and whether sign-in is configured',
  description: 'In development the local user counts as signed in (spec 01 rule 1).',
  tags: ['auth'],
  auth: 'open',
  responses: { 200: AuthStatus },
  handler: async ({ ctx, req }) => {
    const principal = await findPrincipal(ctx, req);
    return {
      authenticated: principal !== undefined,
      configured: loginSettingsOf(ctx.config).ok,
      login_required: ctx.config.appEnv === 'production',
      ...(principal ? { user: currentUserOf(principal.user) } : {}),
    };
  },
});

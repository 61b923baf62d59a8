import {
  beginLogin,
  LOGIN_STATE_COOKIE,
  loginStateCookieOptions,
  requireLoginSettings,
} from '@podcast/auth';
import { LoginQuery, Problem, z } from '@podcast/contracts';
import { redirect } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';

export const startLogin = defineRoute({
  method: 'get',
  path: '/api/app/auth/login',
  summary: 'Start sign-in with the configured OAuth provider',
  description:
    'Answers 307 to the provider (authorization code flow with PKCE S256) and sets a signed, ' +
    'ten-minute login-state cookie. `return_to` (a path on this server) is where the callback ' +
    'sends the browser once signed in. 503 when the session secret or provider is not configured.',
  tags: ['auth'],
  auth: 'open',
  query: LoginQuery,
  responses: {
    307: z.null().describe('Redirect to the provider; Set-Cookie podcast_login_state'),
    502: Problem.describe('The provider discovery document could not be read'),
    503: Problem.describe('Sign-in is not configured'),
  },
  handler: async ({ ctx, query }) => {
    const settings = requireLoginSettings(ctx.auth.login);
    const start = await beginLogin(ctx.auth, settings, query.return_to);
    return redirect(307, start.location)
      .setHeader('Cache-Control', 'no-store')
      .setCookie(LOGIN_STATE_COOKIE, start.stateCookie, loginStateCookieOptions(settings.isSecure));
  },
});

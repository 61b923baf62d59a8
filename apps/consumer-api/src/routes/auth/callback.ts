import { Problem, z } from '@podcast/contracts';
import { completeLogin } from '../../auth/complete-login.js';
import { parseCookieHeader } from '../../auth/cookie-header.js';
import { requireLoginSettings } from '../../auth/login-settings.js';
import {
  clearedLoginStateCookieOptions,
  LOGIN_STATE_COOKIE,
  SESSION_COOKIE,
  sessionCookieOptions,
} from '../../auth/session-cookie.js';
import { defineRoute } from '../../context.js';

const CallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(2048).optional(),
});

export const finishLogin = defineRoute({
  method: 'get',
  path: '/api/app/auth/callback',
  summary: 'Finish sign-in: verify state, exchange the code, start a session',
  description:
    'The provider redirects here. On success sets the HMAC-signed podcast_session cookie and ' +
    'answers 307 to /. The login-state cookie is cleared on every call, so it works once.',
  tags: ['auth'],
  auth: 'open',
  query: CallbackQuery,
  responses: {
    307: z.null().describe('Signed in; redirect to /'),
    400: Problem.describe('Missing, mismatched, expired, altered or reused state; no code'),
    403: Problem.describe('The account is not on the sign-in allowlist'),
    502: Problem.describe('The provider failed or timed out'),
    503: Problem.describe('Sign-in is not configured'),
  },
  handler: async ({ ctx, query, req, res }) => {
    const settings = requireLoginSettings(ctx.config);
    // Cleared before anything can fail, so no outcome leaves a reusable cookie behind.
    res.clearCookie(LOGIN_STATE_COOKIE, clearedLoginStateCookieOptions(settings.isSecure));
    res.set('cache-control', 'no-store');
    const stateCookie = parseCookieHeader(req.get('cookie')).get(LOGIN_STATE_COOKIE);
    const session = await completeLogin(ctx, settings, stateCookie, query);
    res.cookie(
      SESSION_COOKIE,
      session,
      sessionCookieOptions(settings.isSecure, settings.sessionTtlMs),
    );
    res.redirect(307, '/');
  },
});

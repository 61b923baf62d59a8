import {
  clearedLoginStateCookieOptions,
  completeLogin,
  LOGIN_STATE_COOKIE,
  parseCookieHeader,
  requireLoginSettings,
  SESSION_COOKIE,
  sessionCookieOptions,
} from '@podcast/auth';
import { Problem, z } from '@podcast/contracts';
import { problemReply, type Reply, redirect } from '@podcast/http-kit';
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
    "answers 307 to the login's return_to (default /). The login-state cookie is cleared on every call, so it works once.",
  tags: ['auth'],
  auth: 'open',
  query: CallbackQuery,
  responses: {
    307: z.null().describe('Signed in; redirect to return_to, or /'),
    400: Problem.describe('Missing, mismatched, expired, altered or reused state; no code'),
    403: Problem.describe('The account is not on the sign-in allowlist'),
    502: Problem.describe('The provider failed or timed out'),
    503: Problem.describe('Sign-in is not configured'),
  },
  handler: async ({ ctx, query, req }) => {
    const settings = requireLoginSettings(ctx.auth.login);
    // Cleared on every outcome, failures included, so no call leaves a reusable cookie behind.
    const clearState = (answer: Reply) =>
      answer.clearCookie(LOGIN_STATE_COOKIE, clearedLoginStateCookieOptions(settings.isSecure));
    const stateCookie = parseCookieHeader(req.get('cookie')).get(LOGIN_STATE_COOKIE);
    let session: { sessionCookie: string; returnTo: string };
    try {
      session = await completeLogin(ctx.auth, settings, stateCookie, query);
    } catch (err) {
      const failed = problemReply(err, req.id);
      if (failed === undefined) {
        throw err;
      }
      return clearState(failed.setHeader('Cache-Control', 'no-store'));
    }
    const answer = redirect(307, session.returnTo)
      .setHeader('Cache-Control', 'no-store')
      .setCookie(
        SESSION_COOKIE,
        session.sessionCookie,
        sessionCookieOptions(settings.isSecure, settings.sessionTtlMs),
      );
    return clearState(answer);
  },
});

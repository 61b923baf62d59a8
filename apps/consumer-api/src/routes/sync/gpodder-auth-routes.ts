import {
  authenticateSync,
  endSyncSession,
  isSyncCookieSecure,
  SYNC_SESSION_COOKIE,
  SyncAuthRefused,
  type SyncPrincipal,
  syncCookieOptions,
} from '@podcast/auth';
import { GpodderUserParams, Problem, z } from '@podcast/contracts';
import { HttpError, reply } from '@podcast/http-kit';
import { defineRoute, syncAuthOf } from '../../context.js';

const TAGS = ['gpodder'];
const Empty = z.object({}).strict().describe('An empty object');

export const gpodderLogin = defineRoute({
  method: 'post',
  path: '/api/2/auth/{username}/login.json',
  summary: 'gPodder login: HTTP Basic with the sync user name and an app password',
  description:
    'Sets the `sessionid` cookie later requests may send instead of Basic (every Basic request ' +
    'of a sync route does, unless it came with a live cookie of the same password). With only ' +
    'a valid cookie it confirms the login. A cookie of another user is a 400, as the protocol ' +
    'says. Repeated failed sign-ins are answered 429 with Retry-After.',
  tags: TAGS,
  auth: 'sync',
  params: GpodderUserParams,
  responses: {
    200: Empty,
    400: Problem.describe('The session cookie is for another user'),
    429: Problem.describe('Too many failed sign-ins from this address or for this user name'),
  },
  // The sync check has set the cookie already (app.ts).
  handler: () => reply(200, {}),
});

export const gpodderLogout = defineRoute({
  method: 'post',
  path: '/api/2/auth/{username}/logout.json',
  summary: 'gPodder logout: ends the session of the `sessionid` cookie',
  description: '200 also without a cookie; a cookie of another user is a 400.',
  tags: TAGS,
  auth: 'open',
  params: GpodderUserParams,
  responses: {
    200: Empty,
    400: Problem.describe('The session cookie is for another user'),
  },
  handler: async ({ ctx, req, params }) => {
    let principal: SyncPrincipal | undefined;
    try {
      principal = await authenticateSync(
        syncAuthOf(ctx),
        { authorization: undefined, cookie: req.get('cookie'), address: req.ip ?? '' },
        params.username,
      );
    } catch (err) {
      // No cookie, or one that ended already: logged out all the same.
      if (!(err instanceof SyncAuthRefused)) {
        throw err;
      }
      if (err.isOtherUsersCookie) {
        throw new HttpError(400, err.detail);
      }
    }
    if (principal?.sessionHash !== undefined) {
      await endSyncSession(syncAuthOf(ctx), principal.sessionHash);
    }
    const options = syncCookieOptions(isSyncCookieSecure(ctx.config));
    return reply(200, {}).clearCookie(SYNC_SESSION_COOKIE, options);
  },
});

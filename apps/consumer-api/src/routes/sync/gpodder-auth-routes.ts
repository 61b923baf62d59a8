import {
  authenticateSync,
  endSyncSession,
  SYNC_SESSION_COOKIE,
  SYNC_SESSION_TTL_MS,
  SyncAuthRefused,
  type SyncPrincipal,
  startSyncSession,
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
    'Sets the `sessionid` cookie later requests may send instead of Basic. With only a valid ' +
    'cookie it confirms the login. A cookie of another user is a 400, as the protocol says.',
  tags: TAGS,
  auth: 'sync',
  params: GpodderUserParams,
  responses: {
    200: Empty,
    400: Problem.describe('The session cookie is for another user'),
  },
  handler: async ({ ctx, req, principal }) => {
    const answer = reply(200, {});
    // The sync check hands a Basic sign-in a cookie unless its password
    // opened a session within the minute; a login always gets one.
    if (principal.via === 'basic' && principal.hasRecentSession === true) {
      const token = await startSyncSession(syncAuthOf(ctx), principal);
      answer.setCookie(SYNC_SESSION_COOKIE, token, {
        ...syncCookieOptions(req.secure),
        maxAge: SYNC_SESSION_TTL_MS,
      });
    }
    return answer;
  },
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
        { authorization: undefined, cookie: req.get('cookie') },
        params.username,
      );
    } catch (err) {
      // No cookie, or one that ended already: logged out all the same.
      if (!(err instanceof SyncAuthRefused)) {
        throw err;
      }
      if (err.status === 400) {
        throw new HttpError(400, err.detail);
      }
    }
    if (principal?.sessionHash !== undefined) {
      await endSyncSession(syncAuthOf(ctx), principal.sessionHash);
    }
    return reply(200, {}).clearCookie(SYNC_SESSION_COOKIE, syncCookieOptions(req.secure));
  },
});

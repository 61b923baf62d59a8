import {
  authenticateSync,
  endSyncSession,
  isSyncCookieSecure,
  SYNC_SESSION_COOKIE,
  SyncAuthRefused,
  type SyncPrincipal,
  syncCookieOptions,
} from '@podcast/auth';
import { GpodderUserParams, Problem } from '@podcast/contracts';
import { HttpError, reply } from '@podcast/http-kit';
import { defineRoute, syncAuthOf } from '../../context.js';
import { Empty } from './gpodder-auth-shared.js';

export const gpodderLogout = defineRoute({
  method: 'post',
  path: '/api/2/auth/{username}/logout.json',
  summary: 'gPodder logout: ends the session of the `sessionid` cookie',
  description: '200 also without a cookie; a cookie of another user is a 400.',
  tags: ['gpodder'],
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

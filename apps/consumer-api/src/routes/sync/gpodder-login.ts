import { GpodderUserParams, Problem } from '@podcast/contracts';
import { reply } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';
import { Empty } from './gpodder-auth-shared.js';

export const gpodderLogin = defineRoute({
  method: 'post',
  path: '/api/2/auth/{username}/login.json',
  summary: 'gPodder login: HTTP Basic with the sync user name and an app password',
  description:
    'Sets the `sessionid` cookie later requests may send instead of Basic (every Basic request ' +
    'of a sync route does, unless it came with a live cookie of the same password). With only ' +
    'a valid cookie it confirms the login. A cookie of another user is a 400, as the protocol ' +
    'says. Repeated failed sign-ins are answered 429 with Retry-After.',
  tags: ['gpodder'],
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

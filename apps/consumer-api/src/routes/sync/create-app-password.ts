import { createAppPassword } from '@podcast/auth';
import { AppPasswordCreateBody, AppPasswordCreated, Problem } from '@podcast/contracts';
import { reply } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';

export const createAppPasswordRoute = defineRoute({
  method: 'post',
  path: '/api/app/sync/app-passwords',
  summary: 'Mint a named app password for a podcast app',
  description:
    'The password is in this answer only; the server keeps a slow (scrypt) hash. `username` ' +
    'is the name the podcast app logs in with. An app password works on the sync routes ' +
    '(/api/2, /subscriptions) and nowhere else. At most 20 per user.',
  tags: ['sync'],
  auth: 'session',
  body: AppPasswordCreateBody,
  responses: {
    201: AppPasswordCreated,
    409: Problem.describe('Already 20 app passwords'),
    429: Problem.describe('Too many passwords are being hashed; retry shortly'),
  },
  handler: async ({ ctx, body, principal }) =>
    reply(
      201,
      await createAppPassword(
        { db: ctx.db, now: ctx.now, hashing: ctx.syncSignIn.hashing },
        principal.user,
        body.name,
      ),
    ),
});

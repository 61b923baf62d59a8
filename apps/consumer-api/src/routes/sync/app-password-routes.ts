import { createAppPassword, listUserAppPasswords, revokeAppPassword } from '@podcast/auth';
import {
  AppPasswordCreateBody,
  AppPasswordCreated,
  AppPasswordList,
  AppPasswordParams,
  Problem,
  z,
} from '@podcast/contracts';
import { reply } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';

const TAGS = ['sync'];

export const createAppPasswordRoute = defineRoute({
  method: 'post',
  path: '/api/app/sync/app-passwords',
  summary: 'Mint a named app password for a podcast app',
  description:
    'The password is in this answer only; the server keeps a slow (scrypt) hash. `username` ' +
    'is the name the podcast app logs in with. An app password works on the sync routes ' +
    '(/api/2, /subscriptions) and nowhere else. At most 20 per user.',
  tags: TAGS,
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

export const listAppPasswordsRoute = defineRoute({
  method: 'get',
  path: '/api/app/sync/app-passwords',
  summary: "The user's app passwords, oldest first, without secrets",
  tags: TAGS,
  auth: 'session',
  responses: { 200: AppPasswordList },
  handler: ({ ctx, principal }) => listUserAppPasswords(ctx, principal.user.id),
});

export const revokeAppPasswordRoute = defineRoute({
  method: 'delete',
  path: '/api/app/sync/app-passwords/{id}',
  summary: 'Revoke an app password',
  description: 'Its sync sessions end with it: the podcast app must be given a new one.',
  tags: TAGS,
  auth: 'session',
  params: AppPasswordParams,
  responses: {
    204: z.null().describe('Revoked'),
    404: Problem.describe('No such app password of this user'),
  },
  handler: async ({ ctx, params, principal }) => {
    await revokeAppPassword(ctx, principal.user.id, params.id);
  },
});

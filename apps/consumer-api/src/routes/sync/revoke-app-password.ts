import { revokeAppPassword } from '@podcast/auth';
import { AppPasswordParams, Problem, z } from '@podcast/contracts';
import { defineRoute } from '../../context.js';

export const revokeAppPasswordRoute = defineRoute({
  method: 'delete',
  path: '/api/app/sync/app-passwords/{id}',
  summary: 'Revoke an app password',
  description: 'Its sync sessions end with it: the podcast app must be given a new one.',
  tags: ['sync'],
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

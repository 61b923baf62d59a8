import { Interests, InterestToken, Problem, z } from '@podcast/contracts';
import { addInterest } from '@podcast/db';
import { defineRoute } from '../../context.js';

export const followInterest = defineRoute({
  method: 'post',
  path: '/api/app/interests/{token}',
  summary: 'Follow one theme, topic or person',
  description: 'Idempotent. The token is URL-encoded; answers the whole set.',
  tags: ['interests'],
  auth: 'session',
  params: z.object({ token: InterestToken }),
  responses: { 200: Interests, 409: Problem.describe('Already following 500 interests') },
  handler: ({ ctx, params, principal }) =>
    addInterest(ctx.db, principal.user.id, params.token, ctx.now()),
});

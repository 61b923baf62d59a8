import { Interests, InterestToken, z } from '@podcast/contracts';
import { removeInterest } from '@podcast/db';
import { defineRoute } from '../../context.js';

export const unfollowInterest = defineRoute({
  method: 'delete',
  path: '/api/app/interests/{token}',
  summary: 'Unfollow one theme, topic or person',
  description: 'Unfollowing a token that is not followed is a no-op. Answers the whole set.',
  tags: ['interests'],
  auth: 'session',
  params: z.object({ token: InterestToken }),
  responses: { 200: Interests },
  handler: ({ ctx, params, principal }) => removeInterest(ctx.db, principal.user.id, params.token),
});

import { Interests } from '@podcast/contracts';
import { listInterests } from '@podcast/db';
import { defineRoute } from '../../context.js';

export const getInterests = defineRoute({
  method: 'get',
  path: '/api/app/interests',
  summary: 'Followed themes, topics and persons',
  tags: ['interests'],
  auth: 'session',
  responses: { 200: Interests },
  handler: ({ ctx, principal }) => listInterests(ctx.db, principal.user.id),
});

import { Interests } from '@podcast/contracts';
import { replaceInterests } from '@podcast/db';
import { defineRoute } from '../../context.js';

export const putInterests = defineRoute({
  method: 'put',
  path: '/api/app/interests',
  summary: 'Replace the whole set of followed tokens',
  description: 'Each token starts with tc:, topic: or person:; repeats collapse.',
  tags: ['interests'],
  auth: 'session',
  body: Interests,
  responses: { 200: Interests },
  handler: ({ ctx, body, principal }) =>
    replaceInterests(ctx.db, principal.user.id, body.items, ctx.now()),
});

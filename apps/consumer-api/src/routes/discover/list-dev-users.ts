import { DevUsersResponse, NotFound, Problem } from '@podcast/contracts';
import { defineRoute } from '../../context.js';

export const listDevUsers = defineRoute({
  method: 'get',
  path: '/api/app/auth/dev-users',
  summary: 'The local users a development server acts as',
  description:
    'Development only (spec 01 rule 1: no login; every request is the local user): lists that ' +
    'user. 404 in production, where users sign in.',
  tags: ['auth'],
  auth: 'open',
  responses: { 200: DevUsersResponse, 404: Problem.describe('Not a development server') },
  handler: async ({ ctx }) => {
    if (ctx.config.appEnv !== 'development') {
      throw new NotFound('dev users exist only on a development server');
    }
    const user = await ctx.auth.localUser();
    return { items: [{ user_id: user.id, name: user.name, email: user.email, current: true }] };
  },
});

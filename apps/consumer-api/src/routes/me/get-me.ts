import { CurrentUser } from '@podcast/contracts';
import { currentUserOf } from '@podcast/user-state';
import { defineRoute } from '../../context.js';

export const getMe = defineRoute({
  method: 'get',
  path: '/api/app/me',
  summary: 'The signed-in user',
  description: '401 when signed out in production; the local user in development.',
  tags: ['account'],
  auth: 'session',
  responses: { 200: CurrentUser },
  handler: ({ principal }) => currentUserOf(principal.user),
});

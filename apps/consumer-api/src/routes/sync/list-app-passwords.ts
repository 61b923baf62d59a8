import { listUserAppPasswords } from '@podcast/auth';
import { AppPasswordList } from '@podcast/contracts';
import { defineRoute } from '../../context.js';

export const listAppPasswordsRoute = defineRoute({
  method: 'get',
  path: '/api/app/sync/app-passwords',
  summary: "The user's app passwords, oldest first, without secrets",
  tags: ['sync'],
  auth: 'session',
  responses: { 200: AppPasswordList },
  handler: ({ ctx, principal }) => listUserAppPasswords(ctx, principal.user.id),
});

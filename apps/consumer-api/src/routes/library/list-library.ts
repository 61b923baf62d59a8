import { LibraryList } from '@podcast/contracts';
import { listUserLibrary } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const listLibrary = defineRoute({
  method: 'get',
  path: '/api/app/library',
  summary: "The user's subscribed shows, oldest subscription first",
  tags: ['library'],
  auth: 'session',
  responses: { 200: LibraryList },
  handler: ({ ctx, principal }) => listUserLibrary(userStateOf(ctx), principal.user.id),
});

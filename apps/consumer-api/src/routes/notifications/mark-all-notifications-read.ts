import { InboxList } from '@podcast/contracts';
import { markAllInboxRead } from '@podcast/db';
import { defineRoute } from '../../context.js';
import { inboxOf } from './inbox-of.js';

export const markAllNotificationsRead = defineRoute({
  method: 'post',
  path: '/api/app/notifications/read-all',
  summary: 'Mark every inbox entry read',
  description: 'Answers the inbox.',
  tags: ['notifications'],
  auth: 'session',
  responses: { 200: InboxList },
  handler: async ({ ctx, principal }) => {
    const userId = principal.user.id;
    await markAllInboxRead(ctx.db, userId, ctx.now());
    return inboxOf(ctx, userId);
  },
});

import { InboxList } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { inboxOf } from './inbox-of.js';

export const listNotifications = defineRoute({
  method: 'get',
  path: '/api/app/notifications',
  summary: 'The in-app inbox',
  description: 'Newest first, at most 100 entries (older ones are dropped), with the unread count.',
  tags: ['notifications'],
  auth: 'session',
  responses: { 200: InboxList },
  handler: ({ ctx, principal }) => inboxOf(ctx, principal.user.id),
});

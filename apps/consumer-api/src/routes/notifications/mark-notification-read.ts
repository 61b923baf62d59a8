import { InboxIdParams, InboxList, NotFound, Problem } from '@podcast/contracts';
import { markInboxRead } from '@podcast/db';
import { defineRoute } from '../../context.js';
import { inboxOf } from './inbox-of.js';

export const markNotificationRead = defineRoute({
  method: 'post',
  path: '/api/app/notifications/{id}/read',
  summary: 'Mark one inbox entry read',
  description:
    'Idempotent; the first read time stays. 404 for an id not in your inbox. Answers the inbox.',
  tags: ['notifications'],
  auth: 'session',
  params: InboxIdParams,
  responses: { 200: InboxList, 404: Problem.describe('No inbox entry with this id for this user') },
  handler: async ({ ctx, params, principal }) => {
    const userId = principal.user.id;
    if (!(await markInboxRead(ctx.db, userId, Number(params.id), ctx.now()))) {
      throw new NotFound(`no inbox entry ${params.id}`);
    }
    return inboxOf(ctx, userId);
  },
});

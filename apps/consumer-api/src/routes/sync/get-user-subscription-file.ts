import { GpodderUserFileParams } from '@podcast/contracts';
import { defineRoute, userStateOf } from '../../context.js';
import { feedListReply, LIST } from './subscription-shared.js';

export const getUserSubscriptionFile = defineRoute({
  method: 'get',
  path: '/subscriptions/{username}.{format}',
  summary: "gPodder simple API: all of the user's subscriptions",
  tags: ['gpodder'],
  auth: 'sync',
  params: GpodderUserFileParams,
  responses: { 200: LIST },
  handler: ({ ctx, params, principal }) =>
    feedListReply(userStateOf(ctx), principal.userId, params.format),
});

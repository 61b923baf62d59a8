import { GpodderDeviceFileParams, Problem } from '@podcast/contracts';
import { requireUserDevice } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { feedListReply, LIST } from './subscription-shared.js';

export const getDeviceSubscriptionFile = defineRoute({
  method: 'get',
  path: '/subscriptions/{username}/{device}.{format}',
  summary: "gPodder simple API: a device's subscriptions",
  description: 'The list all devices share; 404 for a device the user never used.',
  tags: ['gpodder'],
  auth: 'sync',
  params: GpodderDeviceFileParams,
  responses: { 200: LIST, 404: Problem.describe('No such device') },
  handler: async ({ ctx, params, principal }) => {
    const deps = userStateOf(ctx);
    await requireUserDevice(deps, principal.userId, params.device);
    return feedListReply(deps, principal.userId, params.format);
  },
});

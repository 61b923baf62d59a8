import { GpodderDeviceParams, Problem, SinceQuery, SubscriptionChanges } from '@podcast/contracts';
import { subscriptionChangesSince } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const getSubscriptionChanges = defineRoute({
  method: 'get',
  path: '/api/2/subscriptions/{username}/{device}.json',
  summary: 'gPodder: subscriptions added and removed after `since`',
  description:
    'Send the `timestamp` of the previous answer as `since` (0 the first time). Removals ' +
    'are listed only when `since` is above 0. The device is created when new.',
  tags: ['gpodder'],
  auth: 'sync',
  params: GpodderDeviceParams,
  query: SinceQuery,
  responses: {
    200: SubscriptionChanges,
    409: Problem.describe('A new device past the 100 a user may have'),
  },
  handler: ({ ctx, params, query, principal }) =>
    subscriptionChangesSince(userStateOf(ctx), principal.userId, params.device, query.since ?? 0),
});

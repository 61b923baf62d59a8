import { PushSubscriptionRemoved, PushUnsubscribeBody } from '@podcast/contracts';
import { removePushSubscription } from '@podcast/notifications';
import { defineRoute } from '../../context.js';
import { commsDeps } from '../comms/comms-deps.js';

export const unsubscribePush = defineRoute({
  method: 'post',
  path: '/api/app/push/unsubscribe',
  summary: 'Remove a push subscription',
  description:
    'Removes the subscription with this endpoint (a no-op when there is none). Removing the ' +
    'last one switches push off for every notification type.',
  tags: ['notifications'],
  auth: 'session',
  body: PushUnsubscribeBody,
  responses: { 200: PushSubscriptionRemoved },
  handler: ({ ctx, body, principal }) =>
    removePushSubscription(commsDeps(ctx), principal.user.id, body.endpoint),
});

import { PushSubscription, PushSubscriptionSaved } from '@podcast/contracts';
import { addPushSubscription } from '@podcast/notifications';
import { defineRoute } from '../../context.js';
import { commsDeps } from '../comms/comms-deps.js';

export const subscribePush = defineRoute({
  method: 'post',
  path: '/api/app/push/subscribe',
  summary: 'Store a push subscription',
  description:
    'A W3C PushSubscription, or a native one (`nativepush://<token>` with kind, platform, token). ' +
    'Deduplicated per user on the endpoint origin plus path (a native endpoint whole): ' +
    'subscribing again replaces the stored one. At most 20 per user; a new one past that ' +
    'replaces the oldest. Extra fields are kept. Push consent is set with PUT /api/app/comms.',
  tags: ['notifications'],
  auth: 'session',
  body: PushSubscription,
  responses: { 200: PushSubscriptionSaved },
  handler: async ({ ctx, body, principal }) => ({
    endpoint: body.endpoint,
    kind: body.kind ?? 'webpush',
    subscriptions: await addPushSubscription(commsDeps(ctx), principal.user.id, body),
  }),
});

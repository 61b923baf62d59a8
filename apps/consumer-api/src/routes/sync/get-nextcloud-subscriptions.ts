import { SinceQuery, SubscriptionChanges } from '@podcast/contracts';
import { subscriptionChangesSince } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const getNextcloudSubscriptions = defineRoute({
  method: 'get',
  path: '/index.php/apps/gpoddersync/subscriptions',
  summary: 'Nextcloud gPodder Sync: subscriptions added and removed after `since`',
  description: 'As the gPodder API answers it, for every device at once.',
  tags: ['nextcloud'],
  auth: 'sync',
  query: SinceQuery,
  responses: { 200: SubscriptionChanges },
  handler: ({ ctx, query, principal }) =>
    subscriptionChangesSince(userStateOf(ctx), principal.userId, undefined, query.since ?? 0),
});

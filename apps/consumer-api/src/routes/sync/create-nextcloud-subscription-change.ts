import {
  NextcloudUploadResult,
  Problem,
  SubscriptionChangeBody,
  SYNC_LIMITS,
} from '@podcast/contracts';
import { applySubscriptionChange } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const createNextcloudSubscriptionChange = defineRoute({
  method: 'post',
  path: '/index.php/apps/gpoddersync/subscription_change/create',
  summary: 'Nextcloud gPodder Sync: add and remove subscriptions',
  description: "The gPodder API's change, answered with `{timestamp}` only, as the app does.",
  tags: ['nextcloud'],
  auth: 'sync',
  accepts: ['json-any'],
  bodyLimit: SYNC_LIMITS.bodyLimit,
  body: SubscriptionChangeBody,
  responses: {
    200: NextcloudUploadResult,
    400: Problem.describe('A feed both added and removed, or a malformed list'),
    409: Problem.describe('The library (2,000 shows) or the synced list (5,000) would be full'),
  },
  handler: async ({ ctx, body, principal }) => {
    const result = await applySubscriptionChange(
      userStateOf(ctx),
      principal.userId,
      undefined,
      body,
    );
    return { timestamp: result.timestamp };
  },
});

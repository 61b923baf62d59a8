import {
  GpodderDeviceParams,
  Problem,
  SubscriptionChangeBody,
  SubscriptionChangeResult,
  SYNC_LIMITS,
} from '@podcast/contracts';
import { applySubscriptionChange } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const postSubscriptionChanges = defineRoute({
  method: 'post',
  path: '/api/2/subscriptions/{username}/{device}.json',
  summary: 'gPodder: add and remove subscriptions',
  description:
    'Feed URLs are sanitised; each one changed comes back in `update_urls` as ' +
    '`[sent, stored]` (stored "" when refused and ignored). A corpus show named by its feed ' +
    'URL joins or leaves the library; other feeds are kept as sent. All of it or nothing.',
  tags: ['gpodder'],
  auth: 'sync',
  accepts: ['json-any'],
  bodyLimit: SYNC_LIMITS.bodyLimit,
  params: GpodderDeviceParams,
  body: SubscriptionChangeBody,
  responses: {
    200: SubscriptionChangeResult,
    400: Problem.describe('A feed both added and removed, or a malformed list'),
    409: Problem.describe('The library (2,000 shows) or the synced list (5,000) would be full'),
  },
  handler: ({ ctx, params, body, principal }) =>
    applySubscriptionChange(userStateOf(ctx), principal.userId, params.device, body),
});

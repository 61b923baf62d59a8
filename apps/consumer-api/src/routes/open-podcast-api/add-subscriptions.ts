import {
  OPA_LIMITS,
  OpaNewSubscriptions,
  OpaNewSubscriptionsBody,
  Problem,
} from '@podcast/contracts';
import { addOpaSubscriptions } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { clientIdOf, OPA_TAGS } from './opa-request.js';

export const addOpaSubscriptionsRoute = defineRoute({
  method: 'post',
  path: '/v1/subscriptions',
  summary: 'Open Podcast API: follow feeds',
  description:
    'Each feed is followed (a new subscription when neither its `guid` nor its feed URL ' +
    'names one; a `guid` sent is kept as the newest). A URL without a protocol, or not ' +
    'http(s), is a `failure`; the rest is applied in one transaction, and a repeat changes ' +
    'nothing but `subscription_changed`. Up to 5,000 feeds.',
  tags: OPA_TAGS,
  auth: 'sync-or-token',
  bodyLimit: OPA_LIMITS.bodyLimit,
  body: OpaNewSubscriptionsBody,
  responses: {
    200: OpaNewSubscriptions,
    409: Problem.describe('The library (2,000 shows) or the synced list (5,000) would be full'),
  },
  handler: ({ ctx, body, principal, req }) =>
    addOpaSubscriptions(userStateOf(ctx), principal.userId, body, clientIdOf(req)),
});

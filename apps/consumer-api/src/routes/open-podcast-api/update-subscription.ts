import {
  OpaGuidParams,
  OpaSubscriptionPatched,
  OpaSubscriptionUpdate,
  Problem,
} from '@podcast/contracts';
import { patchOpaSubscription } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { clientIdOf, OPA_TAGS } from './opa-request.js';

export const updateOpaSubscription = defineRoute({
  method: 'patch',
  path: '/v1/subscriptions/{guid}',
  summary: 'Open Podcast API: change a subscription',
  description:
    'A new feed URL, a new GUID (kept as its newest; older ones still name it), followed or ' +
    'not. Answers the fields that changed. A feed or GUID another subscription has is a 409: ' +
    'the two are not merged.',
  tags: OPA_TAGS,
  auth: 'sync-or-token',
  params: OpaGuidParams,
  body: OpaSubscriptionUpdate,
  responses: {
    200: OpaSubscriptionPatched,
    404: Problem.describe('No subscription of the user has that GUID'),
    409: Problem.describe('The feed or GUID is another subscription’s, or a cap is reached'),
    410: Problem.describe('Deleted'),
  },
  handler: ({ ctx, params, body, principal, req }) =>
    patchOpaSubscription(userStateOf(ctx), principal.userId, params.guid, body, clientIdOf(req)),
});

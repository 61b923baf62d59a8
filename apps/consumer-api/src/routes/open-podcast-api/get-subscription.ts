import { OpaGuidParams, OpaSubscription, Problem } from '@podcast/contracts';
import { getOpaSubscription } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { OPA_TAGS } from './opa-request.js';

export const getOpaSubscriptionRoute = defineRoute({
  method: 'get',
  path: '/v1/subscriptions/{guid}',
  summary: 'Open Podcast API: one subscription',
  description:
    'Named by any GUID it had (answered under that one, the newest in `new_guid`) or its ' +
    '`sync_id`. 410 once deleted.',
  tags: OPA_TAGS,
  auth: 'sync-or-token',
  params: OpaGuidParams,
  responses: {
    200: OpaSubscription,
    404: Problem.describe('No subscription of the user has that GUID'),
    410: Problem.describe('Deleted (DELETE /v1/subscriptions/{guid}); `code` and `message` too'),
  },
  handler: ({ ctx, params, principal }) =>
    getOpaSubscription(userStateOf(ctx), principal.userId, params.guid),
});

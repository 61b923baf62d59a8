import { OpaDeletionAccepted, OpaGuidParams, Problem } from '@podcast/contracts';
import { deleteOpaSubscription } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { clientIdOf, OPA_TAGS } from './opa-request.js';

export const deleteOpaSubscriptionRoute = defineRoute({
  method: 'delete',
  path: '/v1/subscriptions/{guid}',
  summary: 'Open Podcast API: delete a subscription and its episode data',
  description:
    'Leaves the feed and deletes, in one transaction, what the user keeps about its episodes ' +
    "in every API: this API's episode records, the gPodder API's actions, the positions and " +
    'favorites of its corpus episodes. Done before the answer: the deletion it names is ' +
    'SUCCESS. The subscription then answers 410 until it is added again.',
  tags: OPA_TAGS,
  auth: 'sync-or-token',
  params: OpaGuidParams,
  responses: {
    202: OpaDeletionAccepted,
    404: Problem.describe('No subscription of the user has that GUID'),
    410: Problem.describe('Deleted already'),
  },
  handler: ({ ctx, params, principal, req }) =>
    deleteOpaSubscription(userStateOf(ctx), principal.userId, params.guid, clientIdOf(req)),
});

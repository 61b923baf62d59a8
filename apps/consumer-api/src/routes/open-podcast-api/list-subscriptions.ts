import { OpaPageQuery, OpaSubscriptionPage } from '@podcast/contracts';
import { listOpaSubscriptionPage } from '@podcast/user-state';
import { defineRoute } from '../../context.js';
import { OPA_TAGS, opaPageHandler } from './opa-request.js';

export const listOpaSubscriptions = defineRoute({
  method: 'get',
  path: '/v1/subscriptions',
  summary: 'Open Podcast API: subscriptions, page by page',
  description:
    "Every feed the user follows or left, the web app's and the gPodder API's included, in " +
    'the order they changed. With `since`, those changed after it, each under the GUID it had ' +
    'then (the newest in `new_guid`). `per_page` up to 500 (default 50).',
  tags: OPA_TAGS,
  auth: 'sync-or-token',
  query: OpaPageQuery,
  responses: { 200: OpaSubscriptionPage },
  handler: opaPageHandler(listOpaSubscriptionPage),
});

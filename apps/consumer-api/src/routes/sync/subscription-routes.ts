import {
  GpodderDeviceFileParams,
  GpodderDeviceParams,
  GpodderUserFileParams,
  Problem,
  type SimpleFormat,
  SinceQuery,
  SubscriptionChangeBody,
  SubscriptionChangeResult,
  SubscriptionChanges,
  SYNC_LIMITS,
  z,
} from '@podcast/contracts';
import { rawReply } from '@podcast/http-kit';
import {
  applySubscriptionChange,
  parseFeedList,
  renderFeedList,
  replaceSyncedFeeds,
  requireUserDevice,
  subscriptionChangesSince,
  syncedFeedUrls,
  type UserStateDeps,
} from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

const TAGS = ['gpodder'];
const LIST = { description: 'The feed URLs as OPML, JSON or text', contentType: 'text/plain' };

/** The one list every device of the user shares, as the simple API's `format` asks. */
async function feedListReply(deps: UserStateDeps, userId: string, format: SimpleFormat) {
  const urls = await syncedFeedUrls(deps, userId);
  const { contentType, body } = renderFeedList(urls, format, deps.now());
  return rawReply(200, contentType, body);
}

export const getSubscriptionChanges = defineRoute({
  method: 'get',
  path: '/api/2/subscriptions/{username}/{device}.json',
  summary: 'gPodder: subscriptions added and removed after `since`',
  description:
    'Send the `timestamp` of the previous answer as `since` (0 the first time). Removals ' +
    'are listed only when `since` is above 0. The device is created when new.',
  tags: TAGS,
  auth: 'sync',
  params: GpodderDeviceParams,
  query: SinceQuery,
  responses: {
    200: SubscriptionChanges,
    409: Problem.describe('A new device past the 100 a user may have'),
  },
  handler: ({ ctx, params, query, principal }) =>
    subscriptionChangesSince(userStateOf(ctx), principal.userId, params.device, query.since ?? 0),
});

export const postSubscriptionChanges = defineRoute({
  method: 'post',
  path: '/api/2/subscriptions/{username}/{device}.json',
  summary: 'gPodder: add and remove subscriptions',
  description:
    'Feed URLs are sanitised; each one changed comes back in `update_urls` as ' +
    '`[sent, stored]` (stored "" when refused and ignored). A corpus show named by its feed ' +
    'URL joins or leaves the library; other feeds are kept as sent. All of it or nothing.',
  tags: TAGS,
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

export const getUserSubscriptionFile = defineRoute({
  method: 'get',
  path: '/subscriptions/{username}.{format}',
  summary: "gPodder simple API: all of the user's subscriptions",
  tags: TAGS,
  auth: 'sync',
  params: GpodderUserFileParams,
  responses: { 200: LIST },
  handler: ({ ctx, params, principal }) =>
    feedListReply(userStateOf(ctx), principal.userId, params.format),
});

export const getDeviceSubscriptionFile = defineRoute({
  method: 'get',
  path: '/subscriptions/{username}/{device}.{format}',
  summary: "gPodder simple API: a device's subscriptions",
  description: 'The list all devices share; 404 for a device the user never used.',
  tags: TAGS,
  auth: 'sync',
  params: GpodderDeviceFileParams,
  responses: { 200: LIST, 404: Problem.describe('No such device') },
  handler: async ({ ctx, params, principal }) => {
    const deps = userStateOf(ctx);
    await requireUserDevice(deps, principal.userId, params.device);
    return feedListReply(deps, principal.userId, params.format);
  },
});

export const putDeviceSubscriptionFile = defineRoute({
  method: 'put',
  path: '/subscriptions/{username}/{device}.{format}',
  summary: 'gPodder simple API: replace the subscriptions with this list',
  description:
    'OPML, a JSON array of URLs, or one URL per line, as the extension says. Answers 200 ' +
    'with an empty body; the device is created when new.',
  tags: TAGS,
  auth: 'sync',
  accepts: ['text-any'],
  bodyLimit: SYNC_LIMITS.bodyLimit,
  params: GpodderDeviceFileParams,
  body: z.string().max(8 * 1024 * 1024),
  responses: {
    200: { description: 'Stored (empty body)', contentType: 'text/plain' },
    400: Problem.describe('Not a list in the format the extension names'),
    409: Problem.describe('The library or the synced list would be full'),
  },
  handler: async ({ ctx, params, body, principal }) => {
    const urls = parseFeedList(body, params.format);
    await replaceSyncedFeeds(userStateOf(ctx), principal.userId, params.device, urls);
    return rawReply(200, 'text/plain; charset=utf-8', '');
  },
});

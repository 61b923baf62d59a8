import {
  NextcloudEpisodeActionPage,
  NextcloudEpisodeActionUpload,
  NextcloudUploadResult,
  Problem,
  SinceQuery,
  SubscriptionChangeBody,
  SubscriptionChanges,
  SYNC_LIMITS,
} from '@podcast/contracts';
import {
  applySubscriptionChange,
  nextcloudEpisodeActions,
  subscriptionChangesSince,
  uploadEpisodeActions,
} from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

// The nextcloud-gpodder app's API, which AntennaPod's and Kasts' "Nextcloud"
// sync providers speak: the same app passwords (HTTP Basic) and the same
// state as the gPodder API, without devices.
const TAGS = ['nextcloud'];

export const getNextcloudSubscriptions = defineRoute({
  method: 'get',
  path: '/index.php/apps/gpoddersync/subscriptions',
  summary: 'Nextcloud gPodder Sync: subscriptions added and removed after `since`',
  description: 'As the gPodder API answers it, for every device at once.',
  tags: TAGS,
  auth: 'sync',
  query: SinceQuery,
  responses: { 200: SubscriptionChanges },
  handler: ({ ctx, query, principal }) =>
    subscriptionChangesSince(userStateOf(ctx), principal.userId, undefined, query.since ?? 0),
});

export const createNextcloudSubscriptionChange = defineRoute({
  method: 'post',
  path: '/index.php/apps/gpoddersync/subscription_change/create',
  summary: 'Nextcloud gPodder Sync: add and remove subscriptions',
  description: "The gPodder API's change, answered with `{timestamp}` only, as the app does.",
  tags: TAGS,
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

export const getNextcloudEpisodeActions = defineRoute({
  method: 'get',
  path: '/index.php/apps/gpoddersync/episode_action',
  summary: 'Nextcloud gPodder Sync: play actions after `since`',
  description:
    "Every field present (-1 where unknown), the kind in upper case, no device: the app's " +
    'shape. Positions saved in the web app appear as play actions.',
  tags: TAGS,
  auth: 'sync',
  query: SinceQuery,
  responses: { 200: NextcloudEpisodeActionPage },
  handler: ({ ctx, query, principal }) =>
    nextcloudEpisodeActions(userStateOf(ctx), principal.userId, query.since ?? 0),
});

export const createNextcloudEpisodeActions = defineRoute({
  method: 'post',
  path: '/index.php/apps/gpoddersync/episode_action/create',
  summary: 'Nextcloud gPodder Sync: upload episode actions',
  description:
    "The gPodder API's upload (one transaction, a retry changes nothing), with -1 in " +
    '`started`, `position` or `total` read as unknown; answered with `{timestamp}`.',
  tags: TAGS,
  auth: 'sync',
  accepts: ['json-any'],
  bodyLimit: SYNC_LIMITS.bodyLimit,
  body: NextcloudEpisodeActionUpload,
  responses: {
    200: NextcloudUploadResult,
    409: Problem.describe('The user would pass 100,000 stored actions or 100 devices'),
    413: Problem.describe('Larger than 8 MB'),
  },
  handler: async ({ ctx, body, principal }) => {
    const result = await uploadEpisodeActions(userStateOf(ctx), principal.userId, body);
    return { timestamp: result.timestamp };
  },
});

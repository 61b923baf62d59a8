import {
  NextcloudEpisodeActionUpload,
  NextcloudUploadResult,
  Problem,
  SYNC_LIMITS,
} from '@podcast/contracts';
import { uploadEpisodeActions } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const createNextcloudEpisodeActions = defineRoute({
  method: 'post',
  path: '/index.php/apps/gpoddersync/episode_action/create',
  summary: 'Nextcloud gPodder Sync: upload episode actions',
  description:
    "The gPodder API's upload (one transaction, a retry changes nothing), with -1 in " +
    '`started`, `position` or `total` read as unknown; answered with `{timestamp}`.',
  tags: ['nextcloud'],
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

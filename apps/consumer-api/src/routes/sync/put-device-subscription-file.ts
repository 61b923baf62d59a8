import { GpodderDeviceFileParams, Problem, SYNC_LIMITS, z } from '@podcast/contracts';
import { rawReply } from '@podcast/http-kit';
import { parseFeedList, replaceSyncedFeeds } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const putDeviceSubscriptionFile = defineRoute({
  method: 'put',
  path: '/subscriptions/{username}/{device}.{format}',
  summary: 'gPodder simple API: replace the subscriptions with this list',
  description:
    'OPML, a JSON array of URLs, or one URL per line, as the extension says. Answers 200 ' +
    'with an empty body; the device is created when new.',
  tags: ['gpodder'],
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

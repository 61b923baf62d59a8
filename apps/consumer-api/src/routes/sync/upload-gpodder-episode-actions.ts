import {
  EpisodeActionUpload,
  EpisodeActionUploadResult,
  GpodderUserParams,
  Problem,
  SYNC_LIMITS,
} from '@podcast/contracts';
import { uploadEpisodeActions } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const uploadGpodderEpisodeActions = defineRoute({
  method: 'post',
  path: '/api/2/episodes/{username}.json',
  summary: 'gPodder: upload episode actions (play, download, delete, new, flattr)',
  description:
    'A list of actions (or `{actions: [...]}`), up to 5,000, taken in one transaction: a ' +
    'retried upload changes nothing, and a malformed action refuses the whole batch with a ' +
    '400 naming its index and field (`body.3.position`). A null `guid`, `device` or ' +
    '`timestamp` is taken as absent, and fractional seconds are rounded. A play or new action on a corpus episode (matched by GUID, else by ' +
    'enclosure URL) moves the playback position when it is newer than the stored one.',
  tags: ['gpodder'],
  auth: 'sync',
  accepts: ['json-any'],
  bodyLimit: SYNC_LIMITS.bodyLimit,
  params: GpodderUserParams,
  body: EpisodeActionUpload,
  responses: {
    200: EpisodeActionUploadResult,
    409: Problem.describe('The user would pass 100,000 stored actions or 100 devices'),
    413: Problem.describe('Larger than 8 MB'),
  },
  handler: ({ ctx, body, principal }) =>
    uploadEpisodeActions(userStateOf(ctx), principal.userId, body),
});

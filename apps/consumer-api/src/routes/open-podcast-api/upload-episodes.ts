import { OPA_LIMITS, OpaEpisodeResults, OpaEpisodeUpload, Problem } from '@podcast/contracts';
import { uploadOpaEpisodes } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { clientIdOf, OPA_TAGS } from './opa-request.js';

export const uploadOpaEpisodesRoute = defineRoute({
  method: 'post',
  path: '/v1/episodes',
  summary: 'Open Podcast API: add or update episodes',
  description:
    'A list of episodes (or `{episodes: [...]}`), up to 1,000, in one transaction. Each data ' +
    'field is taken when its time is after the stored one. On a corpus episode the position, ' +
    "played flag and favorite are the web app's; on others, changes also reach the gPodder " +
    'API as actions. An episode named by an unknown `sync_id`, or by nothing, is a `failure`.',
  tags: OPA_TAGS,
  auth: 'sync-or-token',
  bodyLimit: OPA_LIMITS.bodyLimit,
  body: OpaEpisodeUpload,
  responses: {
    200: OpaEpisodeResults,
    409: Problem.describe('The user would pass 50,000 episodes or a favorites or actions cap'),
  },
  handler: ({ ctx, body, principal, req }) =>
    uploadOpaEpisodes(userStateOf(ctx), principal.userId, body, clientIdOf(req)),
});

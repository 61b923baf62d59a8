import { OpaEpisodePage, OpaPageQuery } from '@podcast/contracts';
import { listOpaEpisodePage } from '@podcast/user-state';
import { defineRoute } from '../../context.js';
import { OPA_TAGS, opaPageHandler } from './opa-request.js';

export const listOpaEpisodes = defineRoute({
  method: 'get',
  path: '/v1/episodes',
  summary: 'Open Podcast API: episodes with the user’s state, page by page',
  description:
    "Episodes this API was told about, and the corpus episodes the web app's or the gPodder " +
    "API's positions and favorites name, each data field with its own time, in the order " +
    'they changed. With `since`, those changed after it.',
  tags: OPA_TAGS,
  auth: 'sync-or-token',
  query: OpaPageQuery,
  responses: { 200: OpaEpisodePage },
  handler: opaPageHandler(listOpaEpisodePage),
});

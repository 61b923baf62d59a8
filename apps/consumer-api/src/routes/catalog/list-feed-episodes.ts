import {
  EpisodeList,
  FeedEpisodeListQuery,
  FeedIdParams,
  NotFound,
  Problem,
} from '@podcast/contracts';
import { episodeListFromSnapshot } from '@podcast/corpus';
import { episodeListFromIndex, findFeed } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedCatalogCache } from '../catalog-cache.js';
import { catalogIndexOf } from './catalog-index.js';

export const listFeedEpisodes = defineRoute({
  method: 'get',
  path: '/api/app/podcasts/{feed_id}/episodes',
  summary: "One show's episodes, newest first, one page at a time",
  description:
    'The same envelope as /api/app/episodes scoped to one show; the feed id is URL-encoded. ' +
    '404 when the corpus has no show with that id.',
  tags: ['catalog'],
  auth: 'session',
  params: FeedIdParams,
  query: FeedEpisodeListQuery,
  responses: {
    200: EpisodeList,
    400: Problem.describe('A query parameter is out of bounds'),
    404: Problem.describe('Unknown feed id'),
  },
  cache: indexedCatalogCache,
  handler: async ({ ctx, params, query }) => {
    const index = await catalogIndexOf(ctx, 'catalog');
    const snapshot = index === undefined ? await ctx.corpus.get(ctx.config.corpusDir) : undefined;
    const feed = index
      ? await findFeed(index.db, params.feed_id)
      : snapshot?.findFeed(params.feed_id);
    if (feed === undefined) {
      throw new NotFound(`no show with feed id ${params.feed_id}`);
    }
    const filter = { feedId: feed.feed_id, status: query.status };
    return index
      ? episodeListFromIndex(index.db, filter, query)
      : episodeListFromSnapshot(snapshot as NonNullable<typeof snapshot>, filter, query);
  },
});

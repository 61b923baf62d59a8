import { FeedCredentialQuery, FeedIdParams, NotFound, Problem } from '@podcast/contracts';
import { showFeed } from '@podcast/podcast-feeds';
import { defineRoute } from '../../context.js';
import { feedEpisodesOf } from './feed-episodes.js';
import {
  feedReply,
  linksFor,
  NotModified,
  overlayFeedUrlOf,
  RSS_MEDIA_TYPE,
} from './feed-replies.js';

export const getShowFeed = defineRoute({
  method: 'get',
  path: '/api/app/feeds/{feed_id}/podcast.xml',
  summary: "A show's overlay feed: RSS 2.0 with transcripts, chapters, soundbites and people",
  description:
    'Every episode with an origin audio URL, newest first, as the corpus metadata has it ' +
    '(enclosure at the origin audio), plus podcast:transcript (the show’s own links first, ' +
    'then ours in WebVTT, SRT and JSON), podcast:chapters, up to three podcast:soundbite and a ' +
    'podcast:person per host and guest. Streamed; ETag and Last-Modified change with the ' +
    'corpus. Links carry the request’s feed token, if any.',
  tags: ['feeds'],
  auth: 'feed',
  params: FeedIdParams,
  query: FeedCredentialQuery,
  responses: {
    200: { description: 'RSS 2.0', contentType: RSS_MEDIA_TYPE },
    304: NotModified,
    404: Problem.describe('No show with this feed id'),
  },
  handler: async ({ ctx, params, principal, req }) => {
    const store = await feedEpisodesOf(ctx);
    const feed = await store.findShow(params.feed_id);
    if (feed === undefined || feed.feed_id === '') {
      throw new NotFound(`no show with feed id ${params.feed_id}`);
    }
    const { origin, links, parts } = linksFor(ctx, req, principal);
    const self = overlayFeedUrlOf(origin, undefined)(feed);
    const episodes = await store.showEpisodes(feed.feed_id);
    return feedReply(store.changedAt, [feed.feed_id, ...parts], () =>
      showFeed(store.layers, feed, episodes, links, self),
    );
  },
});

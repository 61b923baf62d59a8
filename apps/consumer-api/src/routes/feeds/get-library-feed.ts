import { FeedCredentialQuery, PODCAST_FEED_LIMITS } from '@podcast/contracts';
import { listUserLibrary } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { LISTENER_FEED_RESPONSES, listenerFeedHandler } from './feed-replies.js';

export const getLibraryFeed = defineRoute({
  method: 'get',
  path: '/api/app/me/library.xml',
  summary: "The listener's library as one overlay feed",
  description:
    'The newest 500 episodes of the subscribed shows, newest first, each item as in a show’s ' +
    'overlay feed. Same credentials as the show feeds.',
  tags: ['feeds'],
  auth: 'feed',
  query: FeedCredentialQuery,
  responses: LISTENER_FEED_RESPONSES,
  handler: listenerFeedHandler(async (ctx, userId, store) => {
    const library = await listUserLibrary(userStateOf(ctx), userId);
    const feedIds = library.items.map((item) => item.feed_id);
    return {
      path: '/api/app/me/library.xml',
      title: 'My library',
      description: 'The newest episodes of the shows you follow.',
      episodes: await store.newestOf(feedIds, PODCAST_FEED_LIMITS.libraryFeedItems),
      state: feedIds,
    };
  }),
});

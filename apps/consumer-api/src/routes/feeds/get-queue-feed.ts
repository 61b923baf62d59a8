import { FeedCredentialQuery } from '@podcast/contracts';
import { getUserQueue } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { LISTENER_FEED_RESPONSES, listenerFeedHandler } from './feed-replies.js';

export const getQueueFeed = defineRoute({
  method: 'get',
  path: '/api/app/me/queue.xml',
  summary: "The listener's play queue as an overlay feed",
  description:
    'The queued episodes in queue order, each item as in a show’s overlay feed, so any podcast ' +
    'app can play the queue of the web app. Same credentials as the show feeds.',
  tags: ['feeds'],
  auth: 'feed',
  query: FeedCredentialQuery,
  responses: LISTENER_FEED_RESPONSES,
  handler: listenerFeedHandler(async (ctx, userId, store) => {
    const slugs = (await getUserQueue(userStateOf(ctx), userId)).items;
    return {
      path: '/api/app/me/queue.xml',
      title: 'My queue',
      description: 'The episodes in your play queue, in order.',
      episodes: await store.ofSlugs(slugs),
      state: slugs,
    };
  }),
});

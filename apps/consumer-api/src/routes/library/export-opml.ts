import { listSubscriptions } from '@podcast/db';
import { userOf } from '../../auth/session-auth.js';
import { defineRoute } from '../../context.js';
import { buildOpml, type OpmlFeed } from './opml-document.js';

export const exportOpml = defineRoute({
  method: 'get',
  path: '/api/app/library/opml',
  summary: 'Export the subscriptions as OPML 2.0',
  description:
    'One outline per subscribed show with its title and RSS URL (xmlUrl); shows without a ' +
    'known RSS URL, or no longer in the corpus, are left out.',
  tags: ['library'],
  auth: 'session',
  responses: { 200: { description: 'OPML 2.0 document', contentType: 'text/x-opml' } },
  handler: async ({ ctx, principal, res }) => {
    const [snapshot, subscriptions] = await Promise.all([
      ctx.corpus.get(ctx.config.corpusDir),
      listSubscriptions(ctx.db, userOf(principal).id),
    ]);
    const feeds: OpmlFeed[] = subscriptions.flatMap(({ feed_id }) => {
      const feed = snapshot.findFeed(feed_id);
      return feed?.url ? [{ title: feed.title ?? feed.url, xmlUrl: feed.url }] : [];
    });
    res.type('text/x-opml; charset=utf-8');
    res.set('content-disposition', 'attachment; filename="subscriptions.opml"');
    res.send(buildOpml(feeds, 'Podcast subscriptions', ctx.now()));
  },
});

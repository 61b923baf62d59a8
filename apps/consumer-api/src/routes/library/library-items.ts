import type { LibraryItem } from '@podcast/contracts';
import { artworkUrl, type CorpusSnapshot } from '@podcast/corpus';
import type { LibrarySubscription } from '@podcast/db';

/**
 * Subscriptions as the app lists them, with the show's title and artwork.
 * A feed that left the corpus keeps its row but is not listed
 * (docs/decisions/accounts.md).
 */
export function libraryItemsOf(
  snapshot: CorpusSnapshot,
  subscriptions: readonly LibrarySubscription[],
): LibraryItem[] {
  return subscriptions.flatMap((subscription) => {
    const feed = snapshot.findFeed(subscription.feed_id);
    if (feed === undefined) {
      return [];
    }
    return [
      {
        feed_id: feed.feed_id,
        title: feed.title,
        artwork_url: artworkUrl(feed.image_local_relpath, 'thumb'),
        subscribed_at: subscription.created_at,
      },
    ];
  });
}

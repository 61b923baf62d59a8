import type { LibraryItem, LibraryList } from '@podcast/contracts';
import { artworkUrl, type FeedRecord } from '@podcast/corpus';
import { type LibrarySubscription, listSubscriptions, subscribe } from '@podcast/db';
import type { UserStateDeps } from './deps.js';
import { getFeedIn } from './episode-of.js';
import { shownFeedRowsIn } from './shown-rows.js';

/**
 * Subscriptions as the app lists them, with the show's title and artwork; a
 * show that left the corpus is hidden (shown-rows.ts).
 */
export async function libraryItemsOf(
  deps: Pick<UserStateDeps, 'holdings'>,
  subscriptions: readonly LibrarySubscription[],
): Promise<LibraryItem[]> {
  const shown = await shownFeedRowsIn(deps, subscriptions, (row) => row.feed_id);
  return shown.map(libraryItemOf);
}

function libraryItemOf({ row, feed }: { row: LibrarySubscription; feed: FeedRecord }): LibraryItem {
  return {
    feed_id: feed.feed_id,
    title: feed.title,
    artwork_url: artworkUrl(feed.image_local_relpath, 'thumb'),
    subscribed_at: row.created_at,
  };
}

/** The user's subscribed shows, oldest subscription first. */
export async function listUserLibrary(deps: UserStateDeps, userId: string): Promise<LibraryList> {
  return { items: await libraryItemsOf(deps, await listSubscriptions(deps.db, userId)) };
}

export interface Subscribed {
  /** false when the user was already subscribed. */
  isNew: boolean;
  item: LibraryItem | undefined;
}

/** Subscribes to a corpus show (idempotent); NotFound for a feed id the corpus lacks. */
export async function subscribeUser(
  deps: UserStateDeps,
  userId: string,
  feedId: string,
): Promise<Subscribed> {
  const feed = await getFeedIn(deps, feedId);
  const now = deps.now();
  const isNew = await subscribe(deps.db, userId, feedId, now);
  const row = (await listSubscriptions(deps.db, userId)).find((mine) => mine.feed_id === feedId);
  // A racing unsubscribe (another tab, a podcast app's sync) may have removed
  // the row already: the subscription still happened, so it is answered.
  return {
    isNew,
    item: libraryItemOf({ row: row ?? { feed_id: feedId, created_at: now.toISOString() }, feed }),
  };
}

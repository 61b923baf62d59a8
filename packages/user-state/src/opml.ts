import { DomainError, type OpmlImportResult } from '@podcast/contracts';
import type { FeedRecord } from '@podcast/corpus';
import { listSubscriptions, subscribeMany } from '@podcast/db';
import type { UserStateDeps } from './deps.js';
import { buildOpml, type OpmlFeed, parseOpml } from './opml-document.js';
import { matchOpmlFeeds } from './opml-match.js';
import { shownFeedRowsIn } from './shown-rows.js';
import { syncIndexIn } from './sync/sync-index.js';

/** An import that is not a usable OPML document (400): the problem names what is wrong. */
export class UnusableOpml extends DomainError {
  constructor(problem: string) {
    super('invalid', `body: ${problem}`);
  }
}

/**
 * Subscribes to every corpus show the document names. Nothing changes when the
 * document is unusable (UnusableOpml); URLs naming no corpus show come back in
 * `unknown`.
 */
export async function importUserOpml(
  deps: UserStateDeps,
  userId: string,
  text: string,
): Promise<OpmlImportResult> {
  const parsed = parseOpml(text);
  if (!parsed.ok) {
    throw new UnusableOpml(parsed.problem);
  }
  const { feedIds, unknown } = matchOpmlFeeds(await syncIndexIn(deps), parsed.xmlUrls);
  // "New" is what this request's INSERT added, not a prior read of the library: of two
  // racing imports of the same show, only the one whose row landed reports it as new.
  const inserted = new Set(await subscribeMany(deps.db, userId, feedIds, deps.now()));
  return {
    subscribed: feedIds.filter((feedId) => inserted.has(feedId)),
    already_subscribed: feedIds.filter((feedId) => !inserted.has(feedId)),
    unknown,
  };
}

/**
 * The subscriptions as an OPML 2.0 document: one outline per subscribed show
 * still in the corpus and with a URL to point at: the show's own RSS URL,
 * or what `xmlUrlOf` gives (an overlay feed of this server).
 */
export async function exportUserOpml(
  deps: UserStateDeps,
  userId: string,
  xmlUrlOf: (feed: FeedRecord) => string | null = (feed) => feed.url,
): Promise<string> {
  const subscriptions = await listSubscriptions(deps.db, userId);
  const shown = await shownFeedRowsIn(deps, subscriptions, (row) => row.feed_id);
  const feeds: OpmlFeed[] = shown.flatMap(({ feed }) => {
    const xmlUrl = xmlUrlOf(feed);
    return xmlUrl ? [{ title: feed.title ?? feed.url ?? xmlUrl, xmlUrl }] : [];
  });
  return buildOpml(feeds, 'Podcast subscriptions', deps.now());
}

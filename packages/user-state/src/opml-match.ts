import type { SyncIndex } from './sync/sync-index.js';

export interface OpmlMatch {
  /** Corpus feed ids the document names, first mention first, each once. */
  feedIds: string[];
  /** URLs naming no corpus feed, as written, each once. */
  unknown: string[];
}

/**
 * Pairs an import's xmlUrls with the corpus shows whose RSS URL they name,
 * through the feed lookup the gPodder sync matches with too.
 */
export function matchOpmlFeeds(index: SyncIndex, xmlUrls: readonly string[]): OpmlMatch {
  const feedIds = new Set<string>();
  const unknown = new Set<string>();
  for (const xmlUrl of xmlUrls) {
    const feedId = index.feedIdOf(xmlUrl);
    if (feedId === undefined) {
      unknown.add(xmlUrl);
    } else {
      feedIds.add(feedId);
    }
  }
  return { feedIds: [...feedIds], unknown: [...unknown] };
}

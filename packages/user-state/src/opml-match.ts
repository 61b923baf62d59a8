import type { CorpusSnapshot } from '@podcast/corpus';
import { feedUrlKey } from './opml-document.js';

export interface OpmlMatch {
  /** Corpus feed ids the document names, first mention first, each once. */
  feedIds: string[];
  /** URLs naming no corpus feed, as written, each once. */
  unknown: string[];
}

/** Pairs an import's xmlUrls with the corpus shows whose RSS URL they name. */
export function matchOpmlFeeds(snapshot: CorpusSnapshot, xmlUrls: readonly string[]): OpmlMatch {
  const feedIdByKey = new Map<string, string>();
  for (const feed of snapshot.feeds) {
    const key = feed.url === null || feed.feed_id === '' ? undefined : feedUrlKey(feed.url);
    if (key !== undefined && !feedIdByKey.has(key)) {
      feedIdByKey.set(key, feed.feed_id);
    }
  }
  const feedIds = new Set<string>();
  const unknown = new Set<string>();
  for (const xmlUrl of xmlUrls) {
    const key = feedUrlKey(xmlUrl);
    const feedId = key === undefined ? undefined : feedIdByKey.get(key);
    if (feedId === undefined) {
      unknown.add(xmlUrl);
    } else {
      feedIds.add(feedId);
    }
  }
  return { feedIds: [...feedIds], unknown: [...unknown] };
}

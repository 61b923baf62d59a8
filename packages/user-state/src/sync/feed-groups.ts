import type { SubscriptionChangeRow } from '@podcast/db';
import { feedUrlKey } from '../opml-document.js';
import type { SyncIndex } from './sync-index.js';

/**
 * One feed as the sync feed tells it: every spelling apps used for it
 * (http or https, with or without a trailing slash, a corpus show under any
 * of them) and the library's newest change of the show.
 */
interface FeedGroup {
  key: string;
  synced: SubscriptionChangeRow[];
  library?: SubscriptionChangeRow;
  /** The corpus show's feed URL: a library change is told under it when no app named the show. */
  corpusUrl?: string;
}

/** What the feed tells about one group: added under one spelling, or removed under all. */
export interface FeedReport {
  /** The group's key (feedGroupKey). */
  key: string;
  stamp: number;
  subscribed: boolean;
  urls: string[];
}

/** The group a (sanitised) feed URL belongs to: its corpus show, else its URL up to scheme and trailing slash. */
export function feedGroupKey(index: SyncIndex, url: string): string {
  const feedId = index.feedIdOf(url);
  return feedId === undefined ? `url:${feedUrlKey(url) ?? url}` : `feed:${feedId}`;
}

function groupsOf(
  index: SyncIndex,
  synced: readonly SubscriptionChangeRow[],
  library: readonly SubscriptionChangeRow[],
): FeedGroup[] {
  const groups = new Map<string, FeedGroup>();
  const groupOf = (key: string) => {
    const known = groups.get(key) ?? { key, synced: [] };
    groups.set(key, known);
    return known;
  };
  for (const row of synced) {
    groupOf(feedGroupKey(index, row.key)).synced.push(row);
  }
  for (const row of library) {
    const corpusUrl = index.feedUrlOf(row.key);
    if (corpusUrl !== undefined) {
      Object.assign(groupOf(`feed:${row.key}`), { library: row, corpusUrl });
    }
  }
  return [...groups.values()];
}

const newestFirst = (a: SubscriptionChangeRow, b: SubscriptionChangeRow) =>
  b.stamp - a.stamp || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * A group's newest change, when it is above `since`. Subscribed, it is told
 * under one spelling: the newest an app subscribed with, else the newest an
 * app used, else the corpus URL. Removed, it is told under every spelling
 * an app used, so each device hears it under the URL it was given, whoever
 * removed it and however they spelled it.
 */
function reportOf(group: FeedGroup, since: number): FeedReport | undefined {
  const changes = group.library === undefined ? group.synced : [...group.synced, group.library];
  const stamp = Math.max(...changes.map((c) => c.stamp));
  if (!(stamp > since)) {
    return undefined;
  }
  // Changes of one stamp are one transaction (a switch of spelling): subscribed wins.
  const subscribed = changes.some((c) => c.stamp === stamp && c.subscribed);
  const spellings = [...group.synced].sort(newestFirst);
  if (subscribed) {
    const url = (spellings.find((r) => r.subscribed) ?? spellings[0])?.key ?? group.corpusUrl;
    return url === undefined ? undefined : { key: group.key, stamp, subscribed, urls: [url] };
  }
  const urls = spellings.length > 0 ? spellings.map((r) => r.key).sort() : [group.corpusUrl];
  return { key: group.key, stamp, subscribed, urls: urls.filter((u) => u !== undefined) };
}

/**
 * The sync feed's subscription changes above `since`, oldest first, from
 * every stored spelling apps sent (`synced`, all of them: a removal is told
 * under spellings sent before `since` too) and the library's change log.
 */
export function feedReports(
  index: SyncIndex,
  synced: readonly SubscriptionChangeRow[],
  library: readonly SubscriptionChangeRow[],
  since: number,
): FeedReport[] {
  return groupsOf(index, synced, library)
    .flatMap((group) => reportOf(group, since) ?? [])
    .sort((a, b) => a.stamp - b.stamp || (a.urls[0] ?? '').localeCompare(b.urls[0] ?? ''));
}

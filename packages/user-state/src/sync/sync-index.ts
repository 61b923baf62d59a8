import { type EpisodeRecord, syncUrlKeyOf } from '@podcast/corpus';
import type { FeedSyncUrlRow, UserStateDeps } from '../deps.js';
import { feedUrlKey } from '../opml-document.js';

/**
 * How sync names map onto the corpus: a feed URL to its show, an
 * episode's GUID or enclosure URL to the episode. The shows come whole
 * (they are few); the episodes only for the names it was made with.
 */
export interface SyncIndex {
  /** The corpus feed id a (sanitised) feed URL names. */
  feedIdOf(url: string): string | undefined;
  /** The show's feed URL, sanitised; undefined when the corpus has none. */
  feedUrlOf(feedId: string): string | undefined;
  /**
   * The episode an action names: by GUID (`episode.episode_id`), else by
   * enclosure URL. Only for names the index was made with (`syncIndexIn`,
   * `withEpisodesNamed`); another throws, so a forgotten name cannot pass for unknown.
   */
  episodeOf(guid: string | undefined, mediaUrl: string): EpisodeRecord | undefined;
}

/** An episode as a sync app names it. */
export interface EpisodeName {
  guid: string | undefined;
  mediaUrl: string;
}

type FeedLookups = Pick<SyncIndex, 'feedIdOf' | 'feedUrlOf'>;

/** Built once per list of shows, which the holdings keep while the corpus is unchanged. */
const feedLookupsByList = new WeakMap<readonly FeedSyncUrlRow[], FeedLookups>();

/** A feed URL key names the first show in feed order that has it; only that show has a URL. */
function feedLookupsOf(feeds: readonly FeedSyncUrlRow[]): FeedLookups {
  const known = feedLookupsByList.get(feeds);
  if (known !== undefined) {
    return known;
  }
  const feedIdByKey = new Map<string, string>();
  const urlByFeed = new Map<string, string>();
  for (const feed of feeds) {
    if (feed.key !== null && feed.url !== null && !feedIdByKey.has(feed.key)) {
      feedIdByKey.set(feed.key, feed.feed_id);
      urlByFeed.set(feed.feed_id, feed.url);
    }
  }
  const lookups: FeedLookups = {
    feedIdOf: (url) => {
      const key = feedUrlKey(url);
      return key === undefined ? undefined : feedIdByKey.get(key);
    },
    feedUrlOf: (feedId) => urlByFeed.get(feedId),
  };
  feedLookupsByList.set(feeds, lookups);
  return lookups;
}

/** The lookup of the episodes `names` name, asked of the corpus in two queries. */
async function episodesNamedIn(
  deps: Pick<UserStateDeps, 'holdings'>,
  names: readonly EpisodeName[],
): Promise<SyncIndex['episodeOf']> {
  const guids = [...new Set(names.flatMap((name) => name.guid ?? []))];
  const keys = [...new Set(names.flatMap((name) => syncUrlKeyOf(name.mediaUrl) ?? []))];
  const [byGuid, byMedia] = await Promise.all([
    deps.holdings.findEpisodesByIds(guids),
    deps.holdings.findEpisodesByMediaKeys(keys),
  ]);
  const askedGuids = new Set(guids);
  const askedKeys = new Set(keys);
  return (guid, mediaUrl) => {
    if (guid !== undefined && !askedGuids.has(guid)) {
      throw new Error(`the sync index was not made with the GUID ${guid}`);
    }
    const found = guid === undefined ? undefined : byGuid.get(guid);
    if (found !== undefined) {
      return found;
    }
    const key = syncUrlKeyOf(mediaUrl);
    if (key !== undefined && !askedKeys.has(key)) {
      throw new Error(`the sync index was not made with the URL ${mediaUrl}`);
    }
    return key === undefined ? undefined : byMedia.get(key);
  };
}

/** The sync index of the deps' corpus, knowing the episodes `names` name. */
export async function syncIndexIn(
  deps: Pick<UserStateDeps, 'holdings'>,
  names: readonly EpisodeName[] = [],
): Promise<SyncIndex> {
  const [feeds, episodeOf] = await Promise.all([
    deps.holdings.feedSyncUrls(),
    episodesNamedIn(deps, names),
  ]);
  return { ...feedLookupsOf(feeds), episodeOf };
}

/** `index` knowing the episodes `names` name (and no longer those it was made with). */
export async function withEpisodesNamed(
  deps: Pick<UserStateDeps, 'holdings'>,
  index: SyncIndex,
  names: readonly EpisodeName[],
): Promise<SyncIndex> {
  return { ...index, episodeOf: await episodesNamedIn(deps, names) };
}

import { type CorpusSnapshot, type EpisodeRecord, perSnapshot } from '@podcast/corpus';
import { feedUrlKey } from '../opml-document.js';
import { sanitizeSyncUrl } from './feed-url.js';

/**
 * How sync names map onto the corpus: a feed URL to its show, an
 * episode's GUID or enclosure URL to the episode. Built once per snapshot.
 */
export interface SyncIndex {
  /** The corpus feed id a (sanitised) feed URL names. */
  feedIdOf(url: string): string | undefined;
  /** The show's feed URL, sanitised; undefined when the corpus has none. */
  feedUrlOf(feedId: string): string | undefined;
  /** The episode an action names: by GUID (`episode.episode_id`), else by enclosure URL. */
  episodeOf(guid: string | undefined, mediaUrl: string): EpisodeRecord | undefined;
}

function mediaKey(url: string): string | undefined {
  const clean = sanitizeSyncUrl(url);
  return clean === '' ? undefined : feedUrlKey(clean);
}

function buildSyncIndex(snapshot: CorpusSnapshot): SyncIndex {
  const feedIdByKey = new Map<string, string>();
  const urlByFeed = new Map<string, string>();
  for (const feed of snapshot.feeds) {
    const clean = feed.url === null || feed.feed_id === '' ? '' : sanitizeSyncUrl(feed.url);
    const key = clean === '' ? undefined : feedUrlKey(clean);
    if (key !== undefined && !feedIdByKey.has(key)) {
      feedIdByKey.set(key, feed.feed_id);
      urlByFeed.set(feed.feed_id, clean);
    }
  }
  const byMedia = new Map<string, EpisodeRecord>();
  for (const episode of snapshot.episodes) {
    const key = episode.media_url === null ? undefined : mediaKey(episode.media_url);
    if (key !== undefined && !byMedia.has(key)) {
      byMedia.set(key, episode);
    }
  }
  return {
    feedIdOf: (url) => {
      const key = feedUrlKey(url);
      return key === undefined ? undefined : feedIdByKey.get(key);
    },
    feedUrlOf: (feedId) => urlByFeed.get(feedId),
    episodeOf: (guid, mediaUrl) => {
      const byGuid = guid === undefined ? undefined : snapshot.findEpisodeById(guid);
      if (byGuid !== undefined) {
        return byGuid;
      }
      const key = mediaKey(mediaUrl);
      return key === undefined ? undefined : byMedia.get(key);
    },
  };
}

export const syncIndexOf: (snapshot: CorpusSnapshot) => SyncIndex = perSnapshot(buildSyncIndex);

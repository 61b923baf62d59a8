import { createHash } from 'node:crypto';

/** The `podcast` namespace of podcast:guid (Podcast Index, and the Open Podcast API's namespaces draft). */
const PODCAST_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';
/** Our own namespace, for ids this server derives (sync ids). */
const SERVER_NAMESPACE = 'eb172008-47f1-4550-bfd5-77d9f33d8f71';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** RFC 9562 §5.5: SHA-1 of the namespace's bytes and the name's UTF-8. */
export function uuidV5(namespace: string, name: string): string {
  const space = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const bytes = createHash('sha1').update(space).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The podcast:guid a feed URL computes to when the feed declares none: the
 * URL without its scheme and trailing slashes, in the podcast namespace.
 * The http and https spellings of a feed share it.
 */
export function podcastGuidOf(feedUrl: string): string {
  return uuidV5(PODCAST_NAMESPACE, feedUrl.replace(/^[a-zA-Z]+:\/\//, '').replace(/\/+$/, ''));
}

/**
 * A subscription's sync id: derived from the user and the GUID it was made
 * with, so a feed the web app or a gPodder app subscribed to has the same
 * id on every read, before and after a row is written for it.
 */
export function subscriptionSyncId(userId: string, guid: string): string {
  return uuidV5(SERVER_NAMESPACE, `subscription\n${userId}\n${guid}`);
}

/**
 * An episode's sync id, as the namespaces draft computes an episode GUID:
 * its feed GUID as namespace (a GUID that is no UUID is first made one),
 * and its RSS guid, else its title, enclosure URL and publish date
 * lower-cased. The same episode named twice gets one id, so racing uploads
 * of it write one record.
 */
export function episodeSyncId(
  podcastGuid: string,
  episode: {
    guid?: string | null;
    title?: string | null;
    enclosureUrl?: string | null;
    publishDate?: Date | null;
  },
): string {
  const namespace = UUID.test(podcastGuid) ? podcastGuid : uuidV5(SERVER_NAMESPACE, podcastGuid);
  const guid = episode.guid?.trim();
  const name =
    guid !== undefined && guid !== ''
      ? guid
      : `${episode.title ?? ''}${episode.enclosureUrl ?? ''}${episode.publishDate?.toISOString() ?? ''}`
          .trim()
          .toLowerCase();
  return uuidV5(namespace, name);
}

import type { FeedRecord } from './feeds.js';

/**
 * The URL sanitising the gPodder API applies to every feed and episode
 * URL it is sent, reported back to the app in `update_urls` when it
 * changed anything:
 * - surrounding whitespace goes;
 * - a URL with characters outside printable ASCII is refused ('');
 * - the podcast pseudo-schemes (feed:, itpc:, pcast:, podcast:) become
 *   http (or the https they wrap), and a bare host gets http://;
 * - anything but http and https is refused ('');
 * - the rest is the WHATWG serialisation (lower-case scheme and host, the
 *   default port dropped, `/` for an empty path), without a fragment or an
 *   empty `?`.
 */
export function sanitizeSyncUrl(raw: string): string {
  let text = raw.trim();
  if (text === '' || /[^\x21-\x7e]/.test(text)) {
    return '';
  }
  const pseudo = /^(?:feed|itpc|pcast|podcast):(?:\/\/)?/i.exec(text);
  if (pseudo !== null) {
    const rest = text.slice(pseudo[0].length);
    text = /^https?:\/\//i.test(rest) ? rest : `http://${rest}`;
  } else if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    text = `http://${text}`;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return '';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    return '';
  }
  url.hash = '';
  const href = url.href;
  return url.search === '' && href.endsWith('?') ? href.slice(0, -1) : href;
}

/**
 * The key two spellings of one feed URL share: host lower-cased, default port,
 * trailing slash, fragment and the http/https difference ignored (many
 * exports still carry http:// for feeds that moved to https). Undefined for
 * anything that is not an http(s) URL.
 */
export function feedUrlKey(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return undefined;
  }
  return `${url.host}${url.pathname.replace(/\/+$/, '')}${url.search}`;
}

/**
 * The key a sync app's name of an episode or show is matched by: the URL
 * sanitised as the gPodder API stores it, then `feedUrlKey`; undefined when
 * either refuses it.
 */
export function syncUrlKeyOf(url: string): string | undefined {
  const clean = sanitizeSyncUrl(url);
  return clean === '' ? undefined : feedUrlKey(clean);
}

/** A show as sync apps name it: its feed URL, sanitised, and that URL's key. */
export interface FeedSyncUrl {
  url: string;
  key: string;
}

/**
 * How sync apps name a show; undefined when they cannot: no feed URL, one
 * the sanitiser refuses, or the group of episodes without a feed id.
 */
export function feedSyncUrlOf(feed: Pick<FeedRecord, 'feed_id' | 'url'>): FeedSyncUrl | undefined {
  const url = feed.url === null || feed.feed_id === '' ? '' : sanitizeSyncUrl(feed.url);
  const key = url === '' ? undefined : feedUrlKey(url);
  return key === undefined ? undefined : { url, key };
}

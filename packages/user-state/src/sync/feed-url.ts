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

/** Sanitises each URL once; `updates` maps every URL it changed to what is stored ('': refused). */
export function sanitizeAll(urls: readonly string[]): {
  clean: string[];
  updates: Map<string, string>;
} {
  const clean = new Set<string>();
  const updates = new Map<string, string>();
  for (const sent of urls) {
    const stored = sanitizeSyncUrl(sent);
    if (stored !== sent) {
      updates.set(sent, stored);
    }
    if (stored !== '') {
      clean.add(stored);
    }
  }
  return { clean: [...clean], updates };
}

// Ranges of the files table's key, a root-relative path: the folders the ingest and its readers read one at a time.

export const FEEDS = 'feeds/';
/** The first key after every `feeds/…` path: '0' follows '/' in both engines' bytewise order. */
export const FEEDS_END = 'feeds0';

/** The unit a tracked file's row belongs to. */
export function unitOf(relpath: string): string {
  if (!relpath.startsWith(FEEDS)) {
    return '';
  }
  const feedEnd = relpath.indexOf('/', FEEDS.length);
  return feedEnd === -1 ? relpath : relpath.slice(0, feedEnd + 1);
}

/**
 * The first key after the range of paths under `folder` (which ends in
 * '/'): '0' follows '/' in both engines' bytewise order.
 */
export function endOf(folder: string): string {
  return `${folder.slice(0, -1)}0`;
}

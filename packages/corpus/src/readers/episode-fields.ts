/**
 * Single-field rules of spec 04 §3, each pure so the tables in the spec
 * can be tested row by row.
 */

/** The GI/KG writers' stand-in for "date unknown". */
const PLACEHOLDER_DAY = '1970-01-01';

const LEADING_DAY = /^\d{4}-\d{2}-\d{2}/;
const BASIC_ISO_DAY = /^(\d{4})(\d{2})(\d{2})(?:T|$)/;

/**
 * `YYYY-MM-DD` from `episode.published_date`: the leading date when the
 * string starts with one, else an ISO parse, else null. The 1970-01-01
 * placeholder counts as unknown.
 */
export function publishDateOf(value: unknown): string | null {
  if (typeof value !== 'string') {
    return null;
  }
  const text = value.trim();
  let day: string | null = null;
  if (LEADING_DAY.test(text)) {
    day = text.slice(0, 10);
  } else {
    const basic = BASIC_ISO_DAY.exec(text);
    day = basic ? `${basic[1]}-${basic[2]}-${basic[3]}` : null;
  }
  return day === PLACEHOLDER_DAY ? null : day;
}

/** Whole seconds >= 0; integral floats count, booleans and strings do not. */
export function durationSecondsOf(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    return null;
  }
  return value;
}

const ART_STORE_PREFIX = '.podcast_scraper/corpus-art/';
/** A `..` segment anywhere in a posix relpath. */
const PARENT_SEGMENT = /(?:^|\/)\.\.(?:\/|$)/;

/**
 * A local artwork relpath is usable only inside the art store, without `..`
 * segments, and when the file exists (checked by the caller's predicate).
 */
export function verifiedArtRelpath(
  value: unknown,
  artExists: (relpath: string) => boolean,
): string | null {
  if (typeof value !== 'string') {
    return null;
  }
  const relpath = value.trim();
  const isInStore =
    relpath.startsWith(ART_STORE_PREFIX) &&
    relpath.length > ART_STORE_PREFIX.length &&
    !relpath.includes('\\') &&
    !relpath.includes('\0') &&
    !PARENT_SEGMENT.test(relpath);
  return isInStore && artExists(relpath) ? relpath : null;
}

/** The syntactic half of `verifiedArtRelpath`, used to decide which files to stat. */
export function artRelpathCandidate(value: unknown): string | null {
  return verifiedArtRelpath(value, () => true);
}

/** `/api/app/artwork?ref=…&size=…` for a verified relpath (spec 04 §3, artwork_url). */
export function artworkUrl(relpath: string | null, size: 'thumb' | 'large'): string | null {
  return relpath === null
    ? null
    : `/api/app/artwork?ref=${encodeURIComponent(relpath)}&size=${size}`;
}

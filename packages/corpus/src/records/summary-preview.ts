/**
 * Summary text shown on cards and lists (spec 04 §3). All pure.
 */
export interface EpisodeSummary {
  title: string | null;
  bullets: string[];
  /** `raw_text`, else `short_summary`. */
  body: string | null;
}

const ELLIPSIS = '…';
const CARD_LIMIT = 150;
const LIST_LIMIT = 240;
const LIST_BODY_LIMIT = 200;
const PILL_LIMIT = 160;
const PILL_COUNT = 4;

/** `text` cut to `limit` characters: `limit - 1` characters plus `…`. */
export function capWithEllipsis(text: string, limit: number, trimBeforeEllipsis = false): string {
  if (text.length <= limit) {
    return text;
  }
  const head = text.slice(0, limit - 1);
  return `${trimBeforeEllipsis ? head.trimEnd() : head}${ELLIPSIS}`;
}

/** Through the period of the first `". "`, or the whole text. */
export function firstSentence(text: string): string {
  const end = text.indexOf('. ');
  return end === -1 ? text : text.slice(0, end + 1);
}

const EDGE_PUNCTUATION = /^[\s.,:;!?\-–—"']+|[\s.,:;!?\-–—"']+$/g;

/** Case-insensitive, whitespace-collapsed, edge punctuation ignored. */
export function comparable(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').replace(EDGE_PUNCTUATION, '');
}

/** ASCII characters `comparable` may drop, fold or collapse: whitespace and the edge punctuation. */
const LOOSE = new Set([...'\t\n\v\f\r .,:;!?-"\''].map((c) => c.charCodeAt(0)));

const lowerAscii = (code: number) => (code >= 65 && code <= 90 ? code + 32 : code);

/**
 * False when `comparable(a) !== comparable(b)` is certain without building
 * either: `comparable` keeps every other character, in order and lowercased,
 * so two texts whose other characters differ differ after it too. Any
 * character past ASCII answers true (it may lowercase to more than one, or
 * be a space or a dash), and the caller compares in full. Most candidates
 * differ from the episode title within a few characters, and the two
 * regular expressions per record were a tenth of building 100,000 records.
 */
export function mayBeComparable(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < a.length && LOOSE.has(a.charCodeAt(i))) i++;
    while (j < b.length && LOOSE.has(b.charCodeAt(j))) j++;
    if (i === a.length || j === b.length) {
      if (i === a.length && j === b.length) {
        return true;
      }
      // What is left of the other may be a space or dash past ASCII, which `comparable` can drop.
      return (i === a.length ? b.charCodeAt(j) : a.charCodeAt(i)) > 127;
    }
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(j);
    if (x > 127 || y > 127) {
      return true;
    }
    if (lowerAscii(x) !== lowerAscii(y)) {
      return false;
    }
    i++;
    j++;
  }
}

/** Whether `text` says the episode title again (case, whitespace and edge punctuation aside). */
function repeatsTitle(text: string, episodeTitle: string): boolean {
  return mayBeComparable(text, episodeTitle) && comparable(text) === comparable(episodeTitle);
}

/**
 * The card lede: the first of summary title, each bullet, the body's first
 * sentence that is non-empty and not the episode title again; capped at 150.
 */
export function cardSummaryPreview(summary: EpisodeSummary, episodeTitle: string): string | null {
  const candidates = [
    summary.title,
    ...summary.bullets,
    summary.body === null ? null : firstSentence(summary.body),
  ];
  for (const candidate of candidates) {
    const text = candidate?.trim();
    if (text && !repeatsTitle(text, episodeTitle)) {
      return capWithEllipsis(text, CARD_LIMIT, true);
    }
  }
  return null;
}

/**
 * The operator list line: `<title> — <b0> · <b1>` from whichever parts
 * exist, else the body's first 200 characters; capped at 240.
 */
export function listSummaryPreview(summary: EpisodeSummary): string | null {
  const bullets = summary.bullets.slice(0, 2).join(' · ');
  const parts = [summary.title ?? '', bullets].filter((part) => part !== '');
  if (parts.length > 0) {
    return capWithEllipsis(parts.join(' — '), LIST_LIMIT);
  }
  if (summary.body === null) {
    return null;
  }
  const body =
    summary.body.length > LIST_BODY_LIMIT
      ? `${summary.body.slice(0, LIST_BODY_LIMIT)}${ELLIPSIS}`
      : summary.body;
  return capWithEllipsis(body, LIST_LIMIT);
}

/** Topic pills: the first four bullets, each capped at 160. */
export function topicPills(bullets: readonly string[]): string[] {
  return bullets.slice(0, PILL_COUNT).map((bullet) => capWithEllipsis(bullet, PILL_LIMIT));
}

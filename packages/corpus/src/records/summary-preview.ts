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
function comparable(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').replace(EDGE_PUNCTUATION, '');
}

/**
 * The card lede: the first of summary title, each bullet, the body's first
 * sentence that is non-empty and not the episode title again; capped at 150.
 */
export function cardSummaryPreview(summary: EpisodeSummary, episodeTitle: string): string | null {
  const title = comparable(episodeTitle);
  const candidates = [
    summary.title,
    ...summary.bullets,
    summary.body === null ? null : firstSentence(summary.body),
  ];
  for (const candidate of candidates) {
    const text = candidate?.trim();
    if (text && comparable(text) !== title) {
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

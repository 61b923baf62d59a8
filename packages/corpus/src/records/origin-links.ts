import { asArray, asRecord, asText } from '../readers/lenient-values.js';

/** One transcript the show itself publishes (its `<podcast:transcript>`), as the metadata names it. */
export interface OriginTranscript {
  url: string;
  /** A MIME type; taken from the file name's extension when the metadata gives none. */
  type: string;
  language?: string;
}

const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  vtt: 'text/vtt',
  srt: 'application/x-subrip',
  json: 'application/json',
  html: 'text/html',
  htm: 'text/html',
  txt: 'text/plain',
};

/** Longest URL kept: a link in a feed, not a data blob. */
const MAX_URL_CHARS = 2048;

/** An absolute http(s) URL as written, else undefined. */
export function httpUrlOf(value: unknown): string | undefined {
  const text = asText(value);
  if (text === undefined || text.length > MAX_URL_CHARS || !/^https?:\/\//i.test(text)) {
    return undefined;
  }
  try {
    new URL(text);
    return text;
  } catch {
    return undefined;
  }
}

function typeOf(entry: Record<string, unknown>, url: string): string | undefined {
  const named = asText(entry.type)?.toLowerCase();
  if (named !== undefined) {
    return /^[a-z]+\/[a-z0-9.+-]+$/.test(named) ? named : undefined;
  }
  const extension = /\.([a-z]{3,4})(?:[?#]|$)/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : TYPE_BY_EXTENSION[extension];
}

/**
 * The show's own transcript links from `content.transcript_urls` (the
 * pipeline writes `{url, type?, language?}`): absolute http(s) URLs with a
 * known or derivable type, in file order; anything else is left out.
 */
export function originTranscriptsOf(value: unknown): OriginTranscript[] {
  const links: OriginTranscript[] = [];
  for (const item of asArray(value)) {
    const entry = asRecord(item) ?? {};
    const url = httpUrlOf(entry.url ?? item);
    const type = url === undefined ? undefined : typeOf(entry, url);
    if (url === undefined || type === undefined) {
      continue;
    }
    const language = asText(entry.language);
    const isLanguageTag =
      language !== undefined && /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/.test(language);
    links.push({ url, type, ...(isLanguageTag ? { language } : {}) });
  }
  return links;
}

const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/i;
const WITH_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/**
 * The publication instant as ISO 8601 UTC, when the metadata gives a time
 * of day: a time without a zone is read as UTC (never as the server's zone).
 * A bare day, the 1970 placeholder or anything unparsable gives null.
 */
export function publishedAtOf(value: unknown): string | null {
  const text = asText(value);
  if (text === undefined || !WITH_TIME.test(text) || text.startsWith('1970-01-01')) {
    return null;
  }
  const instant = Date.parse(ZONED.test(text) ? text : `${text.replace(' ', 'T')}Z`);
  return Number.isNaN(instant) ? null : new Date(instant).toISOString();
}

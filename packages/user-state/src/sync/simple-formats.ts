import { DomainError, type SimpleFormat, SYNC_LIMITS } from '@podcast/contracts';
import { buildOpml, parseOpml } from '../opml-document.js';

/** The simple API's subscription list in one of its formats, with its content type. */
export function renderFeedList(
  urls: readonly string[],
  format: SimpleFormat,
  now: Date,
): { contentType: string; body: string } {
  switch (format) {
    case 'json':
      return { contentType: 'application/json; charset=utf-8', body: JSON.stringify(urls) };
    case 'txt':
      return {
        contentType: 'text/plain; charset=utf-8',
        body: urls.map((url) => `${url}\n`).join(''),
      };
    default:
      return {
        contentType: 'text/x-opml; charset=utf-8',
        body: buildOpml(
          urls.map((url) => ({ title: url, xmlUrl: url })),
          'Subscriptions',
          now,
        ),
      };
  }
}

/**
 * The feed URLs of an uploaded list: a JSON array, one URL per line, or
 * OPML, as the format says; at most SYNC_LIMITS.urlsPerChange of them.
 */
export function parseFeedList(body: string, format: SimpleFormat): string[] {
  const urls =
    format === 'json' ? jsonList(body) : format === 'txt' ? textList(body) : opmlList(body);
  if (urls.length > SYNC_LIMITS.urlsPerChange) {
    throw new DomainError('invalid', `body: at most ${SYNC_LIMITS.urlsPerChange} feeds`);
  }
  if (urls.some((url) => url.length > SYNC_LIMITS.urlChars)) {
    throw new DomainError(
      'invalid',
      `body: a feed URL is at most ${SYNC_LIMITS.urlChars} characters`,
    );
  }
  return urls;
}

function jsonList(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
    throw new DomainError('invalid', 'body: a JSON array of feed URLs is required');
  }
  return parsed;
}

function textList(body: string): string[] {
  return body
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function opmlList(body: string): string[] {
  const parsed = parseOpml(body);
  if (!parsed.ok) {
    throw new DomainError('invalid', `body: ${parsed.problem}`);
  }
  return parsed.xmlUrls;
}

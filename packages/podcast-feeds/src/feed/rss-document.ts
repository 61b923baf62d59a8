import { xmlElement } from '../xml/xml-text.js';

/** What the `<channel>` says about a feed. */
export interface FeedChannel {
  title: string;
  description: string;
  /** The show's own page or feed, else this feed. */
  link: string;
  imageUrl: string | null;
}

const NAMESPACES =
  'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" ' +
  'xmlns:podcast="https://podcastindex.org/namespace/1.0"';

/**
 * The document up to the first item. The feed is one listener's (its links
 * may carry their token): blocked from directories in both namespaces.
 */
export function rssHead(channel: FeedChannel): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" ${NAMESPACES}>`,
    '<channel>',
    xmlElement('title', {}, channel.title),
    xmlElement('link', {}, channel.link),
    xmlElement('description', {}, channel.description),
    channel.imageUrl === null ? '' : xmlElement('itunes:image', { href: channel.imageUrl }),
    xmlElement('itunes:block', {}, 'Yes'),
    xmlElement('podcast:block', {}, 'yes'),
    '',
  ].join('\n');
}

export const RSS_TAIL = '</channel>\n</rss>\n';

/** Bytes gathered before a piece is handed on: large enough for few writes, small enough to stream. */
const PIECE_CHARS = 32 * 1024;

/**
 * The whole document, piece by piece: items are made only as the reader
 * asks for more (so a slow client holds back the work, and no more than a
 * piece is ever in memory), with a turn of the event loop between pieces
 * so one long feed does not hold up other requests.
 */
export async function* rssDocument(
  channel: FeedChannel,
  items: Iterable<string | undefined> | AsyncIterable<string | undefined>,
): AsyncGenerator<string> {
  let piece = rssHead(channel);
  for await (const item of items) {
    if (item === undefined) {
      continue;
    }
    piece += item;
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = '';
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  yield piece + RSS_TAIL;
}

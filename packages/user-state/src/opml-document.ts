import { feedUrlKey } from '@podcast/corpus';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export { feedUrlKey };

/** One show of an OPML export. */
export interface OpmlFeed {
  title: string;
  xmlUrl: string;
}

/** Outlines read from one import, beyond which the document is refused. */
export const OPML_MAX_OUTLINES = 5000;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] as string);
}

/** An OPML 2.0 subscription list, the format podcast apps exchange. */
export function buildOpml(feeds: readonly OpmlFeed[], title: string, created: Date): string {
  const outlines = feeds.map((feed) => {
    const text = escapeXml(feed.title);
    return `    <outline type="rss" text="${text}" title="${text}" xmlUrl="${escapeXml(feed.xmlUrl)}"/>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    '  <head>',
    `    <title>${escapeXml(title)}</title>`,
    `    <dateCreated>${created.toUTCString()}</dateCreated>`,
    '  </head>',
    '  <body>',
    ...outlines,
    '  </body>',
    '</opml>',
    '',
  ].join('\n');
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Decodes XML's five predefined entities and character references. The parser
 * runs with entity processing off (no DTD entity can expand), so attribute
 * values still carry these.
 */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref] ?? whole;
  });
}

export type OpmlParseResult = { ok: true; xmlUrls: string[] } | { ok: false; problem: string };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  maxNestedTags: 64,
  isArray: (name) => name === 'outline',
});

function attribute(outline: Record<string, unknown>, name: string): string | undefined {
  const key = Object.keys(outline).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : outline[key];
  return typeof value === 'string' ? decodeXmlText(value).trim() : undefined;
}

/** Every xmlUrl in document order, nested category outlines included. */
function collectXmlUrls(node: unknown, into: string[]): void {
  const outlines = (node as { outline?: unknown } | undefined)?.outline;
  if (!Array.isArray(outlines)) {
    return;
  }
  for (const outline of outlines) {
    if (typeof outline !== 'object' || outline === null) {
      continue;
    }
    const xmlUrl = attribute(outline as Record<string, unknown>, 'xmlurl');
    if (xmlUrl) {
      into.push(xmlUrl);
    }
    collectXmlUrls(outline, into);
  }
}

/**
 * The feed URLs of an OPML document, or why it is unusable: not well-formed
 * XML, a DTD (refused outright, so no entity can ever expand), no
 * `<opml><body>`, or more than OPML_MAX_OUTLINES feeds.
 */
export function parseOpml(text: string): OpmlParseResult {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    return { ok: false, problem: 'OPML must not contain a DOCTYPE or entity declarations' };
  }
  const validation = XMLValidator.validate(text);
  if (validation !== true) {
    const { msg, line } = validation.err;
    return { ok: false, problem: `malformed XML at line ${line}: ${msg}` };
  }
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(text) as Record<string, unknown>;
  } catch (err) {
    return { ok: false, problem: `unreadable OPML: ${(err as Error).message}` };
  }
  const opml = doc.opml as Record<string, unknown> | undefined;
  if (typeof opml !== 'object' || opml === null || !('body' in opml)) {
    return { ok: false, problem: 'not an OPML document: expected <opml> with a <body>' };
  }
  const xmlUrls: string[] = [];
  collectXmlUrls(opml.body, xmlUrls);
  if (xmlUrls.length > OPML_MAX_OUTLINES) {
    return { ok: false, problem: `too many feeds: at most ${OPML_MAX_OUTLINES} per import` };
  }
  return { ok: true, xmlUrls };
}

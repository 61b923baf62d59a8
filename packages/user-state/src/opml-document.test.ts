import { describe, expect, it } from '@jest/globals';
import {
  buildOpml,
  decodeXmlText,
  feedUrlKey,
  OPML_MAX_OUTLINES,
  parseOpml,
} from './opml-document.js';

const opml = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><opml version="2.0"><head><title>t</title></head><body>${body}</body></opml>`;

describe('parseOpml', () => {
  it('reads xmlUrl from flat and nested outlines in document order', () => {
    const result = parseOpml(
      opml(
        '<outline text="A" type="rss" xmlUrl="https://a.example/feed"/>' +
          '<outline text="News"><outline text="B" xmlUrl="https://b.example/rss?x=1&amp;y=2"/></outline>' +
          '<outline text="no url"/>' +
          '<outline text="C" xmlurl=" http://c.example/c "/>',
      ),
    );
    expect(result).toEqual({
      ok: true,
      xmlUrls: ['https://a.example/feed', 'https://b.example/rss?x=1&y=2', 'http://c.example/c'],
    });
  });

  it('accepts an empty body', () => {
    expect(parseOpml(opml(''))).toEqual({ ok: true, xmlUrls: [] });
    expect(parseOpml('<opml version="2.0"><body/></opml>')).toEqual({ ok: true, xmlUrls: [] });
  });

  it.each([
    ['not XML', 'podcasts please', 'malformed XML'],
    ['an unclosed tag', '<opml><body><outline xmlUrl="x"></body></opml>', 'malformed XML'],
    ['an empty document', '', 'malformed XML'],
    ['another root', '<rss><channel/></rss>', 'expected <opml>'],
    ['an opml without body', '<opml version="2.0"><head/></opml>', 'expected <opml>'],
    [
      'a DTD with entities',
      '<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY a "aaaaaaaa">]><opml><body>&a;</body></opml>',
      'DOCTYPE',
    ],
  ])('refuses %s', (_name, text, problem) => {
    const result = parseOpml(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).toContain(problem);
  });

  it('refuses more outlines than one import takes', () => {
    const outline = '<outline xmlUrl="https://x.example/f"/>';
    const result = parseOpml(opml(outline.repeat(OPML_MAX_OUTLINES + 1)));
    expect(result.ok ? '' : result.problem).toContain('too many feeds');
  });
});

describe('buildOpml', () => {
  it('writes an OPML 2.0 document that parses back to the same feeds', () => {
    const feeds = [
      { title: 'Tom & Jerry\'s "show" <live>', xmlUrl: 'https://a.example/feed?x=1&y=2' },
      { title: 'Plain', xmlUrl: 'https://b.example/rss' },
    ];
    const text = buildOpml(feeds, 'Mine', new Date(Date.UTC(2026, 10, 21)));
    expect(text).toContain('<opml version="2.0">');
    expect(text).toContain('<dateCreated>Sat, 21 Nov 2026 00:00:00 GMT</dateCreated>');
    expect(text).toContain('text="Tom &amp; Jerry&apos;s &quot;show&quot; &lt;live&gt;"');
    expect(parseOpml(text)).toEqual({ ok: true, xmlUrls: feeds.map((feed) => feed.xmlUrl) });
  });
});

describe('decodeXmlText', () => {
  it.each([
    ['a &amp; b', 'a & b'],
    ['&lt;&gt;&quot;&apos;', '<>"\''],
    ['&#65;&#x42;', 'AB'],
    ['&nbsp; &unknown; & alone', '&nbsp; &unknown; & alone'],
    ['&#x110000;', '&#x110000;'],
  ])('decodes %p', (text, expected) => {
    expect(decodeXmlText(text)).toBe(expected);
  });
});

describe('feedUrlKey', () => {
  it.each([
    ['https://Example.COM/Feed.xml', 'http://example.com/Feed.xml/'],
    ['https://example.com:443/rss', 'https://example.com/rss'],
    ['https://example.com/rss#top', 'https://example.com/rss'],
    ['https://example.com/', 'https://example.com'],
  ])('gives %p and %p the same key', (a, b) => {
    expect(feedUrlKey(a)).toBeDefined();
    expect(feedUrlKey(a)).toBe(feedUrlKey(b));
  });

  it.each([
    ['https://example.com/rss?a=1', 'https://example.com/rss?a=2'],
    ['https://example.com/Rss', 'https://example.com/rss'],
    ['https://example.com:8443/rss', 'https://example.com/rss'],
  ])('keeps %p and %p apart', (a, b) => {
    expect(feedUrlKey(a)).not.toBe(feedUrlKey(b));
  });

  it.each(['not a url', 'ftp://example.com/rss', 'feed:https://example.com/rss', ''])(
    'has no key for %p',
    (raw) => {
      expect(feedUrlKey(raw)).toBeUndefined();
    },
  );
});

import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FeedRecord } from '@podcast/corpus';
import { parseOpml } from '@podcast/user-state';
import request from 'supertest';
import { describeInBothModes } from './support/both-modes.js';
import { buildProductionTestApp, servedSnapshot, type TestApp } from './support/build-test-app.js';
import { subscribableFeeds } from './support/corpus-facts.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

const opmlOf = (urls: string[]) =>
  `<?xml version="1.0"?><opml version="2.0"><head><title>From another app</title></head><body>${urls
    .map((url) => `<outline type="rss" text="x" xmlUrl="${url.replace(/&/g, '&amp;')}"/>`)
    .join('')}</body></opml>`;

/** The same feed URL as another app might spell it: other case, scheme, trailing slash. */
function respelled(url: string): string {
  const parsed = new URL(url);
  return `http://${parsed.host.toUpperCase()}${parsed.pathname}/${parsed.search}`;
}

const feedIds = (body: { items: { feed_id: string }[] }) => body.items.map((item) => item.feed_id);

describeInBothModes('OPML import and export', (fixture) => {
  it('exports an empty library as a valid OPML document', async () => {
    const res = await fixture().as('get', '/api/app/library/opml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/x-opml/);
    expect(parseOpml(res.text)).toEqual({ ok: true, xmlUrls: [] });
  });

  it('imports known feeds, reports unknown ones and exports them back', async () => {
    const [a, b, c] = subscribableFeeds(fixture().snapshot, 3) as [
      FeedRecord,
      FeedRecord,
      FeedRecord,
    ];
    await fixture().as('post', `/api/app/library/${encodeURIComponent(c.feed_id)}`);
    const document = opmlOf([
      respelled(a.url as string),
      b.url as string,
      c.url as string,
      'https://elsewhere.example/feed?a=1&b=2',
      b.url as string,
    ]);
    const res = await fixture()
      .as('post', '/api/app/library/opml')
      .set('content-type', 'text/x-opml')
      .send(document);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      subscribed: [a.feed_id, b.feed_id],
      already_subscribed: [c.feed_id],
      unknown: ['https://elsewhere.example/feed?a=1&b=2'],
    });
    expect(feedIds((await fixture().as('get', '/api/app/library')).body).sort()).toEqual(
      [a.feed_id, b.feed_id, c.feed_id].sort(),
    );

    const exported = await fixture().as('get', '/api/app/library/opml');
    const parsed = parseOpml(exported.text);
    expect(parsed.ok && parsed.xmlUrls.sort()).toEqual([a.url, b.url, c.url].sort());
    expect(exported.text).toContain(`title="${a.title}"`);
  });

  it.each(['application/xml', 'text/xml'])('accepts a %s body', async (contentType) => {
    const [a] = subscribableFeeds(fixture().snapshot, 1) as [FeedRecord];
    const res = await fixture()
      .as('post', '/api/app/library/opml')
      .set('content-type', contentType)
      .send(opmlOf([a.url as string]));
    expect(res.status).toBe(200);
    expect([...res.body.subscribed, ...res.body.already_subscribed]).toEqual([a.feed_id]);
  });

  it('accepts the document as JSON {opml}', async () => {
    const res = await fixture()
      .as('post', '/api/app/library/opml')
      .send({ opml: opmlOf(['https://unknown.example/rss']) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      subscribed: [],
      already_subscribed: [],
      unknown: ['https://unknown.example/rss'],
    });
  });
});

describe('OPML import refusals', () => {
  let testApp: TestApp;
  let cookie: string;
  let feed: FeedRecord;

  beforeAll(async () => {
    testApp = await buildProductionTestApp('a-session-secret-for-opml-tests-0000000');
    cookie = (await sessionCookieFor(testApp.ctx, 'opml')).cookie;
    [feed] = subscribableFeeds(await servedSnapshot(testApp), 1) as [FeedRecord];
  });

  afterAll(async () => {
    await testApp.close();
  });

  const importRaw = (body: string, contentType = 'text/x-opml') =>
    request(testApp.app)
      .post('/api/app/library/opml')
      .set('cookie', cookie)
      .set('content-type', contentType)
      .send(body);

  const library = async () =>
    (await request(testApp.app).get('/api/app/library').set('cookie', cookie)).body.items;

  it.each([
    ['malformed XML', `<opml><body><outline xmlUrl="${'u'}"></body>`, 'malformed XML'],
    [
      'an RSS document',
      '<rss version="2.0"><channel><title>x</title></channel></rss>',
      'expected <opml>',
    ],
    ['an OPML without body', '<opml version="2.0"><head/></opml>', 'expected <opml>'],
    [
      'a DTD declaring entities',
      '<!DOCTYPE opml [<!ENTITY e "x">]><opml><body>&e;</body></opml>',
      'DOCTYPE',
    ],
    ['an empty body', '', 'malformed XML'],
  ])('answers 400 for %s and changes nothing', async (_name, xml, detail) => {
    // A known feed inside a broken document must not be subscribed either.
    const body = xml.includes('<body>')
      ? xml.replace('<body>', `<body><outline xmlUrl="${feed.url}"/>`)
      : xml;
    const res = await importRaw(body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
    expect(await library()).toEqual([]);
  });

  it('answers 400 without a body or with an unsupported content type', async () => {
    const none = await request(testApp.app).post('/api/app/library/opml').set('cookie', cookie);
    expect(none.status).toBe(400);
    expect(none.body.errors[0].field).toBe('body');
    const octets = await importRaw(opmlOf([feed.url as string]), 'application/octet-stream');
    expect(octets.status).toBe(400);
    expect(await library()).toEqual([]);
  });

  it('answers 413 for a document over 1 MB', async () => {
    const res = await importRaw(opmlOf(['https://x.example/'.padEnd(1_100_000, 'x')]));
    expect(res.status).toBe(413);
  });

  it('answers 401 signed out', async () => {
    const res = await request(testApp.app)
      .post('/api/app/library/opml')
      .set('content-type', 'text/x-opml')
      .send(opmlOf([]));
    expect(res.status).toBe(401);
    expect((await request(testApp.app).get('/api/app/library/opml')).status).toBe(401);
  });
});

describe('OPML import racing itself', () => {
  let testApp: TestApp;
  // One listening server, so the parallel requests are not staggered by per-request listens.
  let server: Server;

  beforeAll(async () => {
    testApp = await buildProductionTestApp('a-session-secret-for-opml-tests-0000000');
    server = createServer(testApp.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await testApp.close();
  });

  it('reports each known show new exactly once across 5 simultaneous identical imports', async () => {
    const snapshot = await servedSnapshot(testApp);
    const [a, b, c] = subscribableFeeds(snapshot, 3) as [FeedRecord, FeedRecord, FeedRecord];
    const document = opmlOf([a.url, b.url, c.url, 'https://elsewhere.example/rss'] as string[]);
    // Several rounds, each a fresh user, since one burst may happen to run in sequence.
    for (let round = 0; round < 5; round++) {
      const { cookie } = await sessionCookieFor(testApp.ctx, `opml-race-${round}`);
      const first = await request(server)
        .post(`/api/app/library/${encodeURIComponent(c.feed_id)}`)
        .set('cookie', cookie);
      expect(first.status).toBe(201);

      const responses = await Promise.all(
        Array.from({ length: 5 }, () =>
          request(server)
            .post('/api/app/library/opml')
            .set('cookie', cookie)
            .set('content-type', 'text/x-opml')
            .send(document),
        ),
      );

      for (const res of responses) {
        expect(res.status).toBe(200);
        expect([...res.body.subscribed, ...res.body.already_subscribed].sort()).toEqual(
          [a.feed_id, b.feed_id, c.feed_id].sort(),
        );
        expect(res.body.unknown).toEqual(['https://elsewhere.example/rss']);
      }
      const reportedNew = responses.flatMap((res) => res.body.subscribed as string[]);
      expect(reportedNew.sort()).toEqual([a.feed_id, b.feed_id].sort());
      const library = await request(server).get('/api/app/library').set('cookie', cookie);
      expect(feedIds(library.body).sort()).toEqual([a.feed_id, b.feed_id, c.feed_id].sort());
    }
  });
});

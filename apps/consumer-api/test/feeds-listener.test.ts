import { expect, it } from '@jest/globals';
import type { FeedRecord } from '@podcast/corpus';
import { parseOpml } from '@podcast/user-state';
import { describeInBothModes } from './support/both-modes.js';
import { subscribableFeeds } from './support/corpus-facts.js';
import { parsedFeed, showFeedPath } from './support/overlay-feeds.js';

describeInBothModes("a listener's own feeds", (fixture) => {
  const as = (method: 'get' | 'put' | 'post' | 'delete', url: string) =>
    fixture().as(method, url).set('host', 'feeds.test');

  it('serves the play queue in queue order, each item as in a show feed', async () => {
    const playable = fixture().snapshot.episodes.filter((episode) => episode.media_url !== null);
    const queued = [playable[5], playable[0], playable[9]].map((episode) => episode?.slug);
    expect((await as('put', '/api/app/queue').send({ items: queued })).status).toBe(200);
    const res = await as('get', '/api/app/me/queue.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const feed = parsedFeed(res.text);
    expect(feed.title).toBe('My queue');
    expect(feed.items.map((item) => item.title)).toEqual(
      [playable[5], playable[0], playable[9]].map((episode) => episode?.title),
    );
    expect(feed.items.every((item) => (item.podcastTranscripts?.length ?? 0) > 0)).toBe(true);
  });

  it('answers 304 while the queue and corpus stay, and 200 once the queue changes', async () => {
    const first = await as('get', '/api/app/me/queue.xml');
    const etag = first.headers.etag as string;
    expect((await as('get', '/api/app/me/queue.xml').set('if-none-match', etag)).status).toBe(304);
    await as('put', '/api/app/queue').send({ items: [] });
    const changed = await as('get', '/api/app/me/queue.xml').set('if-none-match', etag);
    expect(changed.status).toBe(200);
    expect(parsedFeed(changed.text).items).toEqual([]);
  });

  it('serves the newest episodes of the subscribed shows as one library feed', async () => {
    const [a, b] = subscribableFeeds(fixture().snapshot, 2) as [FeedRecord, FeedRecord];
    for (const feed of [a, b]) {
      await as('post', `/api/app/library/${encodeURIComponent(feed.feed_id)}`);
    }
    const feed = parsedFeed((await as('get', '/api/app/me/library.xml')).text);
    const expected = fixture().snapshot.episodes.filter(
      (episode) =>
        (episode.feed_id === a.feed_id || episode.feed_id === b.feed_id) &&
        episode.media_url !== null,
    );
    expect(feed.title).toBe('My library');
    expect(feed.items.map((item) => item.title)).toEqual(expected.map((episode) => episode.title));
  });

  it('exports OPML pointing at the overlay feeds with overlay=true', async () => {
    const plain = parseOpml((await as('get', '/api/app/library/opml')).text);
    const overlay = parseOpml((await as('get', '/api/app/library/opml?overlay=true')).text);
    expect(plain.ok && overlay.ok).toBe(true);
    const library = (await as('get', '/api/app/library')).body.items as { feed_id: string }[];
    expect(overlay.ok && overlay.xmlUrls.sort()).toEqual(
      library.map((item) => `http://feeds.test${showFeedPath(item.feed_id)}`).sort(),
    );
    expect(plain.ok && plain.xmlUrls.every((url) => !url.includes('/api/app/feeds/'))).toBe(true);
  });

  it('writes one of the user’s feed tokens into every overlay URL, and refuses one that is not', async () => {
    const minted = (await as('post', '/api/app/feeds/tokens').send({ name: 'opml' })).body;
    const res = await as('get', `/api/app/library/opml?overlay=true&token=${minted.token}`);
    const parsed = parseOpml(res.text);
    expect(parsed.ok && parsed.xmlUrls.length).toBeGreaterThan(0);
    for (const url of parsed.ok ? parsed.xmlUrls : []) {
      expect(new URL(url).searchParams.get('token')).toBe(minted.token);
      const feed = await as('get', `${new URL(url).pathname}${new URL(url).search}`);
      expect(feed.status).toBe(200);
    }
    const refused = await as('get', '/api/app/library/opml?overlay=true&token=pft_someone-else');
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('token');
  });
});

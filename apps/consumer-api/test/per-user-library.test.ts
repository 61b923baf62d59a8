import { expect, it } from '@jest/globals';
import { artworkUrl, type FeedRecord } from '@podcast/corpus';
import { describeInBothModes } from './support/both-modes.js';
import { subscribableFeeds } from './support/corpus-facts.js';

const feedPath = (feedId: string) => `/api/app/library/${encodeURIComponent(feedId)}`;

describeInBothModes('library', (fixture) => {
  it('subscribes (201 new, 200 again), lists oldest first and unsubscribes (204, twice)', async () => {
    const [a, b] = subscribableFeeds(fixture().snapshot, 2) as [FeedRecord, FeedRecord];
    expect((await fixture().as('get', '/api/app/library')).body).toEqual({ items: [] });

    const created = await fixture().as('post', feedPath(a.feed_id));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      feed_id: a.feed_id,
      title: a.title,
      artwork_url: artworkUrl(a.image_local_relpath, 'thumb'),
      subscribed_at: expect.any(String),
    });
    const again = await fixture().as('post', feedPath(a.feed_id));
    expect(again.status).toBe(200);
    expect(again.body.subscribed_at).toBe(created.body.subscribed_at);
    // The raw, unencoded id (with its ':') reaches the same show.
    expect((await fixture().as('post', `/api/app/library/${b.feed_id}`)).status).toBe(201);

    const list = await fixture().as('get', '/api/app/library');
    expect(list.body.items.map((item: { feed_id: string }) => item.feed_id)).toEqual([
      a.feed_id,
      b.feed_id,
    ]);

    expect((await fixture().as('delete', feedPath(a.feed_id))).status).toBe(204);
    expect((await fixture().as('delete', feedPath(a.feed_id))).status).toBe(204);
    const after = await fixture().as('get', '/api/app/library');
    expect(after.body.items.map((item: { feed_id: string }) => item.feed_id)).toEqual([b.feed_id]);
  });

  it('answers 404 when subscribing to a show the corpus lacks', async () => {
    const res = await fixture().as('post', feedPath('sha256:not-a-feed'));
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain('sha256:not-a-feed');
  });

  it('subscribes with the JSON body existing clients send, idempotent on feed_id', async () => {
    const [, , c] = subscribableFeeds(fixture().snapshot, 3) as [
      FeedRecord,
      FeedRecord,
      FeedRecord,
    ];
    const body = { feed_id: c.feed_id, feed_url: 'https://example.com/feed.xml', title: 'Mine' };
    const created = await fixture().as('post', '/api/app/library').send(body);
    expect(created.status).toBe(201);
    // The corpus's own title is shown, not the one the client sent.
    expect(created.body).toMatchObject({ feed_id: c.feed_id, title: c.title });
    const again = await fixture().as('post', '/api/app/library').send({ feed_id: c.feed_id });
    expect(again.status).toBe(200);
    expect(again.body.subscribed_at).toBe(created.body.subscribed_at);
    // Concurrent repeats stay one subscription.
    const racing = await Promise.all(
      Array.from({ length: 8 }, () =>
        fixture().as('post', '/api/app/library').send({ feed_id: c.feed_id }),
      ),
    );
    expect(racing.map((res) => res.status)).toEqual(Array(8).fill(200));
    const list = await fixture().as('get', '/api/app/library');
    expect(
      list.body.items.filter((item: { feed_id: string }) => item.feed_id === c.feed_id),
    ).toHaveLength(1);
    expect((await fixture().as('delete', feedPath(c.feed_id))).status).toBe(204);
  });

  it.each([
    [{}, 'body.feed_id'],
    [{ feed_id: '' }, 'body.feed_id'],
    [{ feed_id: 'x'.repeat(301) }, 'body.feed_id'],
    [{ feed_id: 'a\u0000b' }, 'body.feed_id'],
    [{ feed_id: 'sha256:x', title: 7 }, 'body.title'],
  ])('refuses the JSON body %j with a 400 naming %s', async (body, field) => {
    const res = await fixture().as('post', '/api/app/library').send(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it('answers 404 for a JSON body naming a show the corpus lacks', async () => {
    const res = await fixture().as('post', '/api/app/library').send({ feed_id: 'sha256:nope' });
    expect(res.status).toBe(404);
  });
});

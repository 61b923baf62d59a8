import { describe, expect, it } from '@jest/globals';
import { opaClient, useOpaFixture } from './support/opa-fixture.js';
import { type SyncUser, syncClient } from './support/sync-fixture.js';

// The subscriptions and deletions of the Open Podcast API core (api-specs
// main, src/content/docs/specs/subscriptions/*.mdx), with the request
// shapes of its own examples, over the state the web app and the gPodder
// API share.

const suite = useOpaFixture('opa-subscriptions');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const opa = (u: SyncUser) => opaClient(suite.f.t.app, u.basic);

/** add-new.mdx, "Example request": three feeds and one without a protocol. */
const EXAMPLE_ADD = {
  subscriptions: [
    { feed_url: 'https://example.com/feed1' },
    { feed_url: 'https://example.com/feed2' },
    { feed_url: 'https://example.com/feed3' },
    { feed_url: 'example.com/feed4', guid: '2d8bb39b-8d34-48d4-b223-a0d01eb27d71' },
  ],
};

describe('POST /v1/subscriptions', () => {
  it('follows the example feeds, refuses the one without a protocol, as the core answers', async () => {
    const u = await suite.f.user('opa-add');
    const res = await opa(u).post('/v1/subscriptions', EXAMPLE_ADD);
    expect(res.status).toBe(200);
    expect(res.body.failure).toEqual([
      { feed_url: 'example.com/feed4', message: 'No protocol present' },
    ]);
    expect(res.body.success).toHaveLength(3);
    for (const [i, entry] of res.body.success.entries()) {
      expect(entry).toEqual({
        feed_url: `https://example.com/feed${i + 1}`,
        guid: expect.stringMatching(UUID),
        is_subscribed: true,
        subscription_changed: expect.stringMatching(ISO),
      });
    }
    // The server's GUID is podcast:guid's: the feed URL without scheme, in the podcast namespace.
    const podnews = await opa(u).post('/v1/subscriptions', {
      subscriptions: [{ feed_url: 'https://podnews.net/rss' }],
    });
    expect(podnews.body.success[0].guid).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
    // The gPodder API sees the same list.
    const v2 = await syncClient(suite.f.t.app, u).get(
      `/api/2/subscriptions/${u.username}/phone.json?since=0`,
    );
    expect(v2.body.add.sort()).toEqual([
      'https://example.com/feed1',
      'https://example.com/feed2',
      'https://example.com/feed3',
      'https://podnews.net/rss',
    ]);
  });

  it('keeps a GUID the client sends, and makes one subscription of a repeated feed', async () => {
    const u = await suite.f.user('opa-repeat');
    const body = {
      subscriptions: [
        { feed_url: 'https://example.com/rss4', guid: '2d8bb39b-8d34-48d4-b223-a0d01eb27d71' },
      ],
    };
    const [a, b] = await Promise.all([
      opa(u).post('/v1/subscriptions', body),
      opa(u).post('/v1/subscriptions', body),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const again = await opa(u).post('/v1/subscriptions', {
      subscriptions: [{ feed_url: 'http://example.com/rss4/' }],
    });
    expect(again.body.success[0].guid).toBe('2d8bb39b-8d34-48d4-b223-a0d01eb27d71');
    const list = await opa(u).get('/v1/subscriptions');
    expect(list.body.total).toBe(1);
    expect(list.body.subscriptions[0]).toMatchObject({
      feed_url: 'https://example.com/rss4',
      guid: '2d8bb39b-8d34-48d4-b223-a0d01eb27d71',
      is_subscribed: true,
    });
  });

  it('puts a corpus show in the web app library, and sees the web app leave it', async () => {
    const u = await suite.f.user('opa-library');
    const [show] = suite.shows;
    const res = await opa(u).post('/v1/subscriptions', {
      subscriptions: [{ feed_url: show?.url }],
    });
    expect(res.body.success).toHaveLength(1);
    const web = syncClient(suite.f.t.app, u);
    const library = await web.web('get', '/api/app/library');
    expect(library.body.items.map((i: { feed_id: string }) => i.feed_id)).toEqual([show?.feedId]);
    await web.web('delete', `/api/app/library/${encodeURIComponent(show?.feedId ?? '')}`);
    const one = await opa(u).get(`/v1/subscriptions/${res.body.success[0].guid}`);
    expect(one.body).toMatchObject({ feed_url: show?.url, is_subscribed: false });
    expect(one.body.unsubscribed_at).toMatch(ISO);
  });

  it('answers 400 naming the field for a malformed body, and 401 without a credential', async () => {
    const u = await suite.f.user('opa-add-bad');
    const missing = await opa(u).post('/v1/subscriptions', { subscriptions: [{ guid: 'x' }] });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/^body\.subscriptions\.0\.feed_url/);
    const empty = await opa(u).post('/v1/subscriptions', { subscriptions: [] });
    expect(empty.status).toBe(400);
    const anonymous = await opaClient(suite.f.t.app, '').post('/v1/subscriptions', EXAMPLE_ADD);
    expect(anonymous.status).toBe(401);
    // The core's XML form is not read: the body is missing.
    const xml = await opa(u)
      .post('/v1/subscriptions', '<subscriptions/>')
      .set('content-type', 'application/xml');
    expect(xml.status).toBe(400);
    expect(xml.body.detail).toMatch(/^body/);
  });
});

describe('GET /v1/subscriptions', () => {
  it('pages as get-all.mdx shows, with links that keep the query', async () => {
    const u = await suite.f.user('opa-pages');
    await opa(u).post('/v1/subscriptions', EXAMPLE_ADD);
    const first = await opa(u).get('/v1/subscriptions?page=1&per_page=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(first.body.subscriptions).toHaveLength(2);
    expect(first.body.next).toBe('/v1/subscriptions?page=2&per_page=2');
    expect(first.body.previous).toBeUndefined();
    const second = await opa(u).get(first.body.next);
    expect(second.body.subscriptions).toHaveLength(1);
    expect(second.body.previous).toBe('/v1/subscriptions?page=1&per_page=2');
    expect(second.body.next).toBeUndefined();
    // The example request: a since before everything answers everything.
    const example = await opa(u).get(
      '/v1/subscriptions?since=2022-04-23T18%3A25%3A34.511Z&page=1&per_page=5',
    );
    expect(example.body.total).toBe(3);
    const future = await opa(u).get('/v1/subscriptions?since=2099-01-01T00:00:00Z');
    expect(future.body).toMatchObject({ total: 0, subscriptions: [] });
  });

  it.each([
    ['per_page=0', 'query.per_page'],
    ['per_page=501', 'query.per_page'],
    ['page=0', 'query.page'],
    ['since=yesterday', 'query.since'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const u = await suite.f.user('opa-pages-bad');
    const res = await opa(u).get(`/v1/subscriptions?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(new RegExp(`^${field}`));
  });
});

describe('PATCH, GET and DELETE /v1/subscriptions/{guid}', () => {
  it('changes feed, GUID and status as update.mdx shows, and follows the GUID chain', async () => {
    const u = await suite.f.user('opa-patch');
    const added = await opa(u).post('/v1/subscriptions', {
      subscriptions: [
        { feed_url: 'https://example.com/feed2', guid: '2d8bb39b-8d34-48d4-b223-a0d01eb27d71' },
      ],
    });
    expect(added.status).toBe(200);
    const res = await opa(u).patch('/v1/subscriptions/2d8bb39b-8d34-48d4-b223-a0d01eb27d71', {
      new_feed_url: 'https://example.com/rss5',
      new_guid: '965fcecf-ce04-482b-b57c-3119b866cc61',
      is_subscribed: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      new_feed_url: 'https://example.com/rss5',
      is_subscribed: false,
      subscription_changed: expect.stringMatching(ISO),
      guid_changed: expect.stringMatching(ISO),
      new_guid: '965fcecf-ce04-482b-b57c-3119b866cc61',
    });
    // get-single.mdx: the GUID asked for, the newest in new_guid.
    const old = await opa(u).get('/v1/subscriptions/2d8bb39b-8d34-48d4-b223-a0d01eb27d71');
    expect(old.body).toMatchObject({
      feed_url: 'https://example.com/rss5',
      guid: '2d8bb39b-8d34-48d4-b223-a0d01eb27d71',
      new_guid: '965fcecf-ce04-482b-b57c-3119b866cc61',
      is_subscribed: false,
    });
    const newest = await opa(u).get('/v1/subscriptions/965fcecf-ce04-482b-b57c-3119b866cc61');
    expect(newest.body.guid).toBe('965fcecf-ce04-482b-b57c-3119b866cc61');
    expect(newest.body.new_guid).toBeUndefined();
    // get-all.mdx: without since the first GUID; with a since after the change, the newest.
    const all = await opa(u).get('/v1/subscriptions');
    expect(all.body.subscriptions[0]).toMatchObject({
      guid: '2d8bb39b-8d34-48d4-b223-a0d01eb27d71',
      new_guid: '965fcecf-ce04-482b-b57c-3119b866cc61',
    });
    // Scenario 2: a since between two GUID changes answers the GUID it had then.
    const between = new Date(Date.now() + 1).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await opa(u).patch('/v1/subscriptions/965fcecf-ce04-482b-b57c-3119b866cc61', {
      new_guid: '36a47c4c-4aa3-428a-8132-3712a8422002',
    });
    const after = await opa(u).get(`/v1/subscriptions?since=${encodeURIComponent(between)}`);
    expect(after.body.subscriptions[0]).toMatchObject({
      guid: '965fcecf-ce04-482b-b57c-3119b866cc61',
      new_guid: '36a47c4c-4aa3-428a-8132-3712a8422002',
    });
    // The gPodder API: the old feed left, the new one not followed.
    const v2 = await syncClient(suite.f.t.app, u).get(
      `/api/2/subscriptions/${u.username}/phone.json?since=0`,
    );
    expect(v2.body.add).toEqual([]);
    const unchanged = await opa(u).patch('/v1/subscriptions/36a47c4c-4aa3-428a-8132-3712a8422002', {
      is_subscribed: false,
    });
    expect(unchanged.body).toEqual({});
  });

  it('refuses a feed or GUID of another subscription with 409, an empty change with 400', async () => {
    const u = await suite.f.user('opa-patch-409');
    const added = await opa(u).post('/v1/subscriptions', EXAMPLE_ADD);
    const [one, two] = added.body.success;
    const feed = await opa(u).patch(`/v1/subscriptions/${one.guid}`, {
      new_feed_url: 'http://example.com/feed2/',
    });
    expect(feed.status).toBe(409);
    expect(feed.body.detail).toMatch(/^body\.new_feed_url/);
    const guid = await opa(u).patch(`/v1/subscriptions/${one.guid}`, { new_guid: two.guid });
    expect(guid.status).toBe(409);
    expect(guid.body.detail).toMatch(/^body\.new_guid/);
    const empty = await opa(u).patch(`/v1/subscriptions/${one.guid}`, {});
    expect(empty.status).toBe(400);
    const noProtocol = await opa(u).patch(`/v1/subscriptions/${one.guid}`, {
      new_feed_url: 'example.com/x',
    });
    expect(noProtocol.status).toBe(400);
    expect(noProtocol.body.detail).toBe('body.new_feed_url: No protocol present');
    const unknown = await opa(u).patch('/v1/subscriptions/no-such-guid', { is_subscribed: true });
    expect(unknown.status).toBe(404);
  });

  it('moves a subscription to a feed another API only ever left', async () => {
    const u = await suite.f.user('opa-patch-history');
    const gpodder = syncClient(suite.f.t.app, u);
    const path = `/api/2/subscriptions/${u.username}/phone.json`;
    await gpodder.post(path, { add: ['https://example.com/moved'], remove: [] });
    await gpodder.post(path, { add: [], remove: ['https://example.com/moved'] });
    const added = await opa(u).post('/v1/subscriptions', {
      subscriptions: [{ feed_url: 'https://example.com/old' }],
    });
    const res = await opa(u).patch(`/v1/subscriptions/${added.body.success[0].guid}`, {
      new_feed_url: 'https://example.com/moved',
    });
    expect(res.status).toBe(200);
    const list = await opa(u).get('/v1/subscriptions');
    expect(list.body.subscriptions.map((s: { feed_url: string }) => s.feed_url)).toEqual([
      'https://example.com/moved',
    ]);
  });

  it('deletes with 202, reports the deletion, answers 410 after, and takes the feed back on a new add', async () => {
    const u = await suite.f.user('opa-delete');
    const added = await opa(u).post('/v1/subscriptions', EXAMPLE_ADD);
    const guid = added.body.success[1].guid;
    const res = await opa(u).delete(`/v1/subscriptions/${guid}`);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ deletion_id: expect.any(Number), message: expect.any(String) });
    const status = await opa(u).get(`/v1/deletions/${res.body.deletion_id}`);
    expect(status.body).toEqual({
      deletion_id: res.body.deletion_id,
      status: 'SUCCESS',
      message: 'Subscription deleted successfully',
    });
    const gone = await opa(u).get(`/v1/subscriptions/${guid}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ code: 410, message: 'Subscription has been deleted' });
    expect((await opa(u).delete(`/v1/subscriptions/${guid}`)).status).toBe(410);
    const listed = await opa(u).get('/v1/subscriptions');
    const deleted = listed.body.subscriptions.find((s: { guid: string }) => s.guid === guid);
    expect(deleted).toMatchObject({ is_subscribed: false, deleted: expect.stringMatching(ISO) });
    const other = await suite.f.user('opa-delete-other');
    expect((await opa(other).get(`/v1/deletions/${res.body.deletion_id}`)).status).toBe(404);
    expect((await opa(u).get('/v1/deletions/999999999')).status).toBe(404);
    expect((await opa(u).get('/v1/deletions/abc')).status).toBe(400);
    const back = await opa(u).post('/v1/subscriptions', {
      subscriptions: [{ feed_url: 'https://example.com/feed2' }],
    });
    expect(back.body.success[0].guid).toBe(guid);
    const live = await opa(u).get(`/v1/subscriptions/${guid}`);
    expect(live.body.is_subscribed).toBe(true);
    expect(live.body.deleted).toBeUndefined();
  });

  it("deletes a corpus show's positions and favorites with it", async () => {
    const u = await suite.f.user('opa-delete-corpus');
    const [, show] = suite.shows;
    const web = syncClient(suite.f.t.app, u);
    const added = await opa(u).post('/v1/subscriptions', {
      subscriptions: [{ feed_url: show?.url }],
    });
    const slug = show?.episode.slug ?? '';
    await web.web('put', `/api/app/playback/${slug}`).send({ position_seconds: 90 });
    await web.web('put', '/api/app/favorites').send({ kind: 'episode', ref: slug });
    await web.post(`/api/2/episodes/${u.username}.json`, [
      { podcast: show?.url, episode: 'https://x.example/other.mp3', action: 'download' },
    ]);
    const res = await opa(u).delete(`/v1/subscriptions/${added.body.success[0].guid}`);
    expect(res.status).toBe(202);
    expect((await web.web('get', '/api/app/playback')).body).toEqual({ items: [] });
    expect((await web.web('get', '/api/app/favorites')).body.episodes).toEqual([]);
    expect((await web.web('get', '/api/app/library')).body.items).toEqual([]);
    const actions = await web.get(`/api/2/episodes/${u.username}.json?since=0`);
    expect(actions.body.actions).toEqual([]);
  });
});

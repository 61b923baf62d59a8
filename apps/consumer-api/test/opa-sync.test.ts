import { describe, expect, it } from '@jest/globals';
import { opaClient, useOpaFixture } from './support/opa-fixture.js';
import { type SyncUser, syncClient } from './support/sync-fixture.js';

// The sync draft (api-specs subscriptions-redux, src/content/docs/specs/sync.md
// and subscriptions.md): batches of up to 30 actions and `since` paging, with
// the request shapes of its own examples.

const suite = useOpaFixture('opa-sync');
const CLIENT_A = 'cca4ad10-dc35-4572-8f11-125dc465428a';
const CLIENT_B = '550e8400-e29b-41d4-a716-446655440000';

const clientOf = (u: SyncUser, id = CLIENT_A) => opaClient(suite.f.t.app, u.basic, id);

/** sync.md, "Batch processing": its example, the second type misspelled as it is there. */
const EXAMPLE_BATCH = {
  requests: [
    {
      type: 'subscription',
      action: 'subscribe',
      action_id: 'a651fd88-555d-4ac4-bdbb-e35846aa4da9',
      occurred_at: '2026-07-11T15:30:00.1Z',
      data: {
        guid: '677ea490-690e-51cb-8b43-755df6c55270',
        feed_url: 'https://example.com/feed1',
      },
    },
    {
      type: 'susbcription',
      action: 'subscribe',
      action_id: '65a57789-3578-4842-89e5-a221f177efb9',
      occurred_at: '2026-07-11T13:25:00.1Z',
      data: {
        guid: 'a388867e-ce91-54d3-a116-114b07bb84e9',
        feed_url: 'https://example.com/feed2',
      },
    },
  ],
};

function action(kind: string, occurredAt: string, data: Record<string, unknown>, n = 1) {
  return {
    type: 'subscription',
    action: kind,
    action_id: `9c0de111-fcdb-4463-9e2e-${String(n).padStart(12, '0')}`,
    occurred_at: occurredAt,
    data,
  };
}

describe('POST /v1/sync', () => {
  it('applies the example batch, rejecting the misspelled type with its reason', async () => {
    const u = await suite.f.user('sync-example');
    const res = await clientOf(u).post('/v1/sync', EXAMPLE_BATCH);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      {
        type: 'subscription',
        action: 'subscribe',
        action_id: 'a651fd88-555d-4ac4-bdbb-e35846aa4da9',
        status: 'applied',
        data: {
          sync_id: expect.any(String),
          guid: '677ea490-690e-51cb-8b43-755df6c55270',
          feed_url: 'https://example.com/feed1',
          subscribed_at: '2026-07-11T15:30:00.100Z',
        },
      },
      {
        type: 'susbcription',
        action: 'subscribe',
        action_id: '65a57789-3578-4842-89e5-a221f177efb9',
        status: 'rejected',
        reason: 'type: unknown entity type "susbcription"',
      },
    ]);
    // The same subscription on the core's route and the gPodder API.
    const core = await clientOf(u).get('/v1/subscriptions/677ea490-690e-51cb-8b43-755df6c55270');
    expect(core.body).toMatchObject({ sync_id: res.body.results[0].data.sync_id });
    const v2 = await syncClient(suite.f.t.app, u).get(
      `/api/2/subscriptions/${u.username}/phone.json?since=0`,
    );
    expect(v2.body.add).toEqual(['https://example.com/feed1']);
  });

  it('keeps the newest change: an older unsubscribe is ignored, a newer one applied, a retry ignored', async () => {
    const u = await suite.f.user('sync-lww');
    const added = await clientOf(u).post('/v1/sync', {
      requests: [
        action('subscribe', '2026-07-11T15:30:00.1Z', { feed_url: 'https://a.example/f' }),
      ],
    });
    const syncId = added.body.results[0].data.sync_id;
    const stale = await clientOf(u).post('/v1/sync', {
      requests: [action('unsubscribe', '2026-07-11T15:00:00Z', { sync_id: syncId })],
    });
    expect(stale.body.results[0]).toMatchObject({ status: 'ignored', data: { sync_id: syncId } });
    expect(stale.body.results[0].data.unsubscribed_at).toBeUndefined();
    // subscriptions.md, "Unsubscribe": its example request.
    const batch = {
      requests: [action('unsubscribe', '2026-07-12T12:10:00.1Z', { sync_id: syncId })],
    };
    const res = await clientOf(u).post('/v1/sync', batch);
    expect(res.body.results[0]).toMatchObject({
      status: 'applied',
      data: {
        sync_id: syncId,
        feed_url: 'https://a.example/f',
        subscribed_at: '2026-07-11T15:30:00.100Z',
        unsubscribed_at: '2026-07-12T12:10:00.100Z',
      },
    });
    const retried = await clientOf(u).post('/v1/sync', batch);
    expect(retried.body.results[0].status).toBe('ignored');
    const unknown = await clientOf(u).post('/v1/sync', {
      requests: [
        action('unsubscribe', '2026-07-12T12:10:00.1Z', {
          sync_id: '4648b4d7-90bf-497c-a5e7-8383d1083d7',
        }),
      ],
    });
    expect(unknown.body.results[0]).toEqual({
      type: 'subscription',
      action: 'unsubscribe',
      action_id: expect.any(String),
      status: 'rejected',
      reason: 'Entity not found',
    });
    const v2 = await syncClient(suite.f.t.app, u).get(
      `/api/2/subscriptions/${u.username}/phone.json?since=0`,
    );
    expect(v2.body.add).toEqual([]);
  });

  it('orders a batch by occurred_at, not by its list, and answers the entity as the batch left it', async () => {
    const u = await suite.f.user('sync-order');
    const made = await clientOf(u).post('/v1/sync', {
      requests: [action('subscribe', '2026-07-10T00:00:00Z', { feed_url: 'https://b.example/f' })],
    });
    const syncId = made.body.results[0].data.sync_id;
    const res = await clientOf(u).post('/v1/sync', {
      requests: [
        action('subscribe', '2026-07-12T00:00:00Z', { feed_url: 'https://b.example/f' }, 1),
        action('unsubscribe', '2026-07-11T00:00:00Z', { sync_id: syncId }, 2),
      ],
    });
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'applied',
    ]);
    expect(res.body.results[1].data).toMatchObject({ subscribed_at: '2026-07-12T00:00:00.000Z' });
    expect(res.body.results[1].data.unsubscribed_at).toBeUndefined();
  });

  it('updates guid and feed URL as subscriptions.md "Update" shows, and rejects a taken feed', async () => {
    const u = await suite.f.user('sync-update');
    const made = await clientOf(u).post('/v1/sync', {
      requests: [
        action('subscribe', '2026-07-11T10:00:00Z', { feed_url: 'https://example.com/feed1' }, 1),
        action('subscribe', '2026-07-11T10:00:00Z', { feed_url: 'https://example.com/feed2' }, 2),
      ],
    });
    const syncId = made.body.results[0].data.sync_id;
    const res = await clientOf(u).post('/v1/sync', {
      requests: [
        {
          type: 'subscription',
          action: 'update',
          action_id: 'aec337fe-7a9f-4d02-90ad-19d1f552c972',
          occurred_at: '2026-07-13T14:09:42.0Z',
          data: {
            sync_id: syncId,
            guid: '21dad7d6-94d7-48bc-8052-aa3384624f78',
            feed_url: 'https://example.com/feed3',
          },
        },
      ],
    });
    expect(res.body.results[0]).toMatchObject({
      status: 'applied',
      data: {
        sync_id: syncId,
        guid: '21dad7d6-94d7-48bc-8052-aa3384624f78',
        feed_url: 'https://example.com/feed3',
      },
    });
    const taken = await clientOf(u).post('/v1/sync', {
      requests: [
        action('update', '2026-07-14T00:00:00Z', {
          sync_id: syncId,
          feed_url: 'https://example.com/feed2',
        }),
      ],
    });
    expect(taken.body.results[0]).toMatchObject({
      status: 'rejected',
      reason: 'data.feed_url: https://example.com/feed2 names another of your subscriptions',
    });
    const v2 = await syncClient(suite.f.t.app, u).get(
      `/api/2/subscriptions/${u.username}/phone.json?since=0`,
    );
    expect(v2.body.add.sort()).toEqual(['https://example.com/feed2', 'https://example.com/feed3']);
  });

  it('makes one subscription of a feed two batches subscribe at once', async () => {
    const u = await suite.f.user('sync-race');
    const batch = (n: number) => ({
      requests: [
        action('subscribe', `2026-07-11T10:00:0${n}Z`, { feed_url: 'https://r.example/f' }, n),
      ],
    });
    const [a, b] = await Promise.all([
      clientOf(u).post('/v1/sync', batch(1)),
      clientOf(u, CLIENT_B).post('/v1/sync', batch(2)),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.results[0].data.sync_id).toBe(b.body.results[0].data.sync_id);
    expect([a.body.results[0].status, b.body.results[0].status].sort()).toEqual([
      'applied',
      'ignored',
    ]);
    expect((await clientOf(u).get('/v1/subscriptions')).body.total).toBe(1);
  });

  it('rejects an action whose data it cannot read, and applies the rest', async () => {
    const u = await suite.f.user('sync-data');
    const res = await clientOf(u).post('/v1/sync', {
      requests: [
        action(
          'subscribe',
          '2026-07-11T10:00:00Z',
          { feed_url: 'https://d.example/f', guid: 'g'.repeat(201) },
          1,
        ),
        action('subscribe', '2026-07-11T10:00:00Z', { feed_url: 42 }, 2),
        action('subscribe', '2026-07-11T10:00:00Z', { feed_url: 'example.com/no-protocol' }, 3),
        action('resubscribe', '2026-07-11T10:00:00Z', {}, 4),
        action('subscribe', '2026-07-11T10:00:00Z', { feed_url: 'https://d.example/ok' }, 5),
      ],
    });
    expect(
      res.body.results.map((r: { status: string; reason?: string }) => r.reason ?? r.status),
    ).toEqual([
      'data.guid: a string of at most 200 characters',
      'data.feed_url: a string of at most 2048 characters',
      'data.feed_url: No protocol present',
      'action: unknown subscription action "resubscribe"',
      'applied',
    ]);
  });

  it.each([
    [
      'more than 30 actions',
      {
        requests: Array.from({ length: 31 }, (_, i) =>
          action('subscribe', '2026-07-11T10:00:00Z', { feed_url: `https://c.example/${i}` }, i),
        ),
      },
      'body.requests',
    ],
    ['no list', {}, 'body.requests'],
    [
      'an action id that is no UUID',
      { requests: [{ ...action('subscribe', '2026-07-11T10:00:00Z', {}), action_id: 'x' }] },
      'body.requests.0.action_id',
    ],
    [
      'a time that is none',
      { requests: [action('subscribe', 'yesterday', {})] },
      'body.requests.0.occurred_at',
    ],
  ])('refuses %s with a 400 naming the field, applying nothing', async (_what, body, field) => {
    const u = await suite.f.user('sync-bad');
    const res = await clientOf(u).post('/v1/sync', body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}`));
    expect((await clientOf(u).get('/v1/subscriptions')).body.total).toBe(0);
  });
});

describe('GET /v1/sync', () => {
  it('pages with next_since as the example shows, leaving out the asking client unless include_own', async () => {
    const u = await suite.f.user('sync-pages');
    for (const [n, at] of [
      '2026-07-11T10:00:00Z',
      '2026-07-11T11:00:00Z',
      '2026-07-11T12:00:00Z',
    ].entries()) {
      await clientOf(u).post('/v1/sync', {
        requests: [action('subscribe', at, { feed_url: `https://p.example/${n}` }, n)],
      });
    }
    const own = await clientOf(u).get('/v1/sync');
    expect(own.body).toMatchObject({ results: [], has_more: false, has_next: false });
    const other = clientOf(u, CLIENT_B);
    // sync.md, "Sync requests": its example query.
    const first = await other.get(
      '/v1/sync?since=2026-07-11T15:30:00.1Z&limit=2&include=subscriptions&include_own=false',
    );
    expect(first.status).toBe(200);
    expect(first.body.results).toHaveLength(2);
    expect(first.body.results[0]).toEqual({
      type: 'subscription',
      last_updated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/),
      data: expect.objectContaining({ feed_url: 'https://p.example/0' }),
    });
    expect(first.body.has_more).toBe(true);
    const next = new URL(first.body.next_since, 'http://x');
    expect(next.pathname).toBe('/v1/sync');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      since: first.body.results[1].last_updated,
      limit: '2',
      include: 'subscriptions',
      include_own: 'false',
    });
    const second = await other.get(first.body.next_since);
    expect(second.body.results.map((r: { data: { feed_url: string } }) => r.data.feed_url)).toEqual(
      ['https://p.example/2'],
    );
    expect(second.body.has_more).toBe(false);
    expect(second.body.next_since).toBeUndefined();
    const mine = await clientOf(u).get('/v1/sync?include_own=true');
    expect(mine.body.results).toHaveLength(3);
  });

  it('tells what the web app and the gPodder API changed, and misses no change after the newest last_updated', async () => {
    const u = await suite.f.user('sync-shared');
    const [show] = suite.shows;
    const web = syncClient(suite.f.t.app, u);
    await web.web('post', `/api/app/library/${encodeURIComponent(show?.feedId ?? '')}`);
    const first = await clientOf(u).get('/v1/sync');
    expect(first.body.results).toHaveLength(1);
    expect(first.body.results[0].data).toMatchObject({ feed_url: show?.url });
    const since = first.body.results[0].last_updated;
    // A change in the same second as the answer: stamps keep it after `since`.
    await web.post(`/api/2/subscriptions/${u.username}/phone.json`, {
      add: ['https://gpodder.example/feed'],
      remove: [],
    });
    const next = await clientOf(u).get(`/v1/sync?since=${encodeURIComponent(since)}`);
    expect(next.body.results.map((r: { data: { feed_url: string } }) => r.data.feed_url)).toEqual([
      'https://gpodder.example/feed',
    ]);
    await web.web('delete', `/api/app/library/${encodeURIComponent(show?.feedId ?? '')}`);
    const left = await clientOf(u).get(
      `/v1/sync?since=${encodeURIComponent(next.body.results[0].last_updated)}`,
    );
    expect(left.body.results).toHaveLength(1);
    expect(left.body.results[0].data).toMatchObject({
      feed_url: show?.url,
      sync_id: first.body.results[0].data.sync_id,
      unsubscribed_at: expect.any(String),
    });
  });

  it.each([
    ['limit=0'],
    ['limit=501'],
    ['include=episodes'],
    ['include_own=maybe'],
    ['since=never'],
  ])('refuses %s with a 400', async (query) => {
    const u = await suite.f.user('sync-get-bad');
    const res = await clientOf(u).get(`/v1/sync?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(new RegExp(`^query\\.${query.split('=')[0]}`));
  });
});
